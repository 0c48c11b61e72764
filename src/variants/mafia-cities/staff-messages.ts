// Message templates of the staff's powers in mafia-cities (spec §6: T-EXTEND, T-PAUSE, T-CONSIGLIERE, T-STATUS,
// T-TALLY, REJ-FROZEN, REJ-STAFF-PLAYER, the correction notice), kept apart from messages.ts so that the rulebook's
// own table stays as it is; index.ts merges both.

/** Russian (the game's language; the spec's texts verbatim). */
export const staffRu: Record<string, string> = {
  'W-EXT-NOMINATIONS': 'выдвижение',
  'W-EXT-VOTE': 'голосование',
  'W-EXT-NIGHT': 'ночь',
  'T-EXTEND': 'Прокуратор продлил {what} до {time} {date}.',
  'T-PAUSE': '{dates} — пауза. Ночь {k} продлится до {dayStart} {date}.',
  'T-PAUSE-NONE': 'Паузы изменены. Ночь {k} продлится до {dayStart} {date}.',
  'T-CONSIGLIERE': '{engine, select, yes {Консильери: движок.} other {Консильери: {name}.}}',
  'SIGN-prokurator': 'Прокуратор',
  'SIGN-consigliere': 'Консильери',
  'REJ-FROZEN': 'Игра приостановлена прокуратором.',
  'REJ-STAFF-PLAYER': 'Ведущие не могут участвовать в игре как игроки.',
};

/** English. */
export const staffEn: Record<string, string> = {
  'W-EXT-NOMINATIONS': 'the nominations',
  'W-EXT-VOTE': 'the vote',
  'W-EXT-NIGHT': 'the night',
  'T-EXTEND': 'The Prokurator extended {what} until {time} {date}.',
  'T-PAUSE': '{dates}: pause. Night {k} lasts until {dayStart} {date}.',
  'T-PAUSE-NONE': 'The pause dates changed. Night {k} lasts until {dayStart} {date}.',
  'T-CONSIGLIERE': '{engine, select, yes {Consigliere: the engine.} other {Consigliere: {name}.}}',
  'SIGN-prokurator': 'Prokurator',
  'SIGN-consigliere': 'Consigliere',
  'REJ-FROZEN': 'The Prokurator has frozen the game.',
  'REJ-STAFF-PLAYER': 'Staff cannot play in the game.',
};
