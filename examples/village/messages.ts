// The village's texts (ICU MessageFormat). The engine has its own for signup, pauses and the like.

/** English templates, keyed by message id and rejection code. */
export const en: Record<string, string> = {
  'MSG-START': 'The game starts with {n} players, {m} of them mafia. Each day the vote closes at {dusk}; each night ends at {dawn}.',
  'MSG-ROLE-VILLAGER': 'You are a villager. Find the mafia and vote them out: write “{vote}” in the thread.',
  'MSG-ROLE-MAFIOSO': 'You are a mafioso, with {mates}. At night send me “{kill}”; the last order of the night counts.',
  'MSG-DAY': 'Day {n} begins.',
  'MSG-LYNCH': '{name} is lynched with {votes} votes. {name} was {role}.',
  'MSG-NO-LYNCH': 'No one has the most votes: nobody is lynched today.',
  'MSG-MURDER': 'At dawn {name} is found dead. {name} was {role}.',
  'MSG-QUIET-NIGHT': 'The night was quiet.',
  'MSG-ORDER-ACK': 'Order taken: {target} tonight.',
  'MSG-WIN': 'The game is over: the {side} win.',
  'MSG-NO-WINNER': 'The moderator ends the game without a winner.',
  'MSG-REMOVED': 'The moderator takes {name} out of the game. {name} was {role}.',
  'MSG-RESTORED': '{name} is back in the game.',
  'MSG-SUBSTITUTE': '{new} takes over from {old}.',
  'MSG-DEADLINE-MOVED': 'The {what} now falls at {time}.',
  'WHAT-DUSK': 'vote’s close',
  'WHAT-DAWN': 'dawn',
  'R-NO-VOTE': 'The vote is closed until the next day.',
  'R-VOTE-PM': 'Votes are posted in the thread.',
  'R-SELF': 'You cannot vote for yourself.',
  'R-TARGET-OUT': '{name} is not in the game.',
  'R-ROLE': 'Only the mafia gives orders.',
  'R-NIGHT-ONLY': 'Orders are taken at night.',
  'R-MAFIA-TARGET': '{name} is one of yours.',
};
