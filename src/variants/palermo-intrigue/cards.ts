// The ten Intrigue Cards as data (INT §2.1, INT-CARD-1/2): names, how they are written, deal counts by N, whether
// they take a target and may be played in dead time. The plays themselves are in play.ts.
import { fold } from '../../engine/names.ts';

/** Card ids. */
export const CARD_IDS = [
  'feign-death',
  'grave-robbing',
  'extra-vote',
  'vote-cancel',
  'detention',
  'detention-cancel',
  'echo',
  'oracle',
  'failed-murder',
  'vote-exemption',
] as const;

/** A card id. */
export type CardId = (typeof CARD_IDS)[number];

/** What a card is. */
export interface CardDef {
  readonly id: CardId;
  readonly names: { readonly el: string; readonly en: string };
  /** Keywords after `ΚΑΡΤΑ:` that name it (INT-CARD-2), longest first where one begins another. */
  readonly keywords: readonly string[];
  /** It names a player. */
  readonly targeted: boolean;
  /** INT-NIGHT-4: it may be played in dead time. */
  readonly deadTime: boolean;
  /** One line for `narrator rules`, per language. */
  readonly summary: { readonly el: string; readonly en: string };
}

const C = (id: CardId, el: string, en: string, keywords: string[], targeted: boolean, sumEn: string, sumEl: string, deadTime = false): CardDef => ({
  id,
  names: { el, en },
  keywords,
  targeted,
  deadTime,
  summary: { el: sumEl, en: sumEn },
});

/** The deck (INT §2.1). */
export const CARDS: readonly CardDef[] = [
  C('feign-death', 'Νεκροφάνεια', 'Feign Death', ['ΝΕΚΡΟΦΑΝΕΙΑ', 'FEIGN DEATH'], true, 'a ghost becomes active again', 'ένα φάντασμα επιστρέφει ενεργό'),
  C(
    'grave-robbing',
    'Τυμβωρυχία',
    'Grave Robbing',
    ['ΤΥΜΒΩΡΥΧΙΑ', 'GRAVE ROBBING'],
    true,
    "a ghost's full role is shown and he leaves for good",
    'ο ρόλος ενός φαντάσματος αποκαλύπτεται και αποχωρεί οριστικά',
  ),
  C(
    'extra-vote',
    'Επιπλέον Ψήφος',
    'Extra Vote',
    ['ΕΠΙΠΛΕΟΝ ΨΗΦΟΣ', 'EXTRA VOTE'],
    false,
    'your ballot counts twice this round and is locked',
    'η ψήφος σου μετράει διπλή και κλειδώνει',
  ),
  C(
    'vote-cancel',
    'Ακύρωση Ψήφου',
    'Vote Cancel',
    ['ΑΚΥΡΩΣΗ ΨΗΦΟΥ', 'VOTE CANCEL'],
    true,
    "one voter's ballot does not count this round",
    'η ψήφος ενός παίκτη δεν μετράει',
  ),
  C(
    'detention',
    'Άμεση Προφυλάκιση',
    'Detention',
    ['ΑΜΕΣΗ ΠΡΟΦΥΛΑΚΙΣΗ', 'DETENTION'],
    true,
    'a player is detained (a ghost after 5 h); no vote removal this round',
    'ένας παίκτης προφυλακίζεται· δεν γίνεται αποχώρηση με ψηφοφορία',
  ),
  C(
    'detention-cancel',
    'Ακύρωση Προφυλάκισης',
    'Detention Cancel',
    ['ΑΚΥΡΩΣΗ ΠΡΟΦΥΛΑΚΙΣΗΣ', 'DETENTION CANCEL'],
    true,
    'cancels a detention within 5 h (also in dead time)',
    'ακυρώνει μια προφυλάκιση μέσα σε 5 ώρες',
    true,
  ),
  C(
    'echo',
    'Ηχώ από το υπερπέραν',
    'Echo from Beyond',
    ['ΗΧΩ ΑΠΟ ΤΟ ΥΠΕΡΠΕΡΑΝ', 'ΗΧΩ', 'ECHO'],
    false,
    '3 h later the ghosts may post and vote until the vote ends',
    'σε 3 ώρες τα φαντάσματα γράφουν και ψηφίζουν μέχρι τη λήξη',
  ),
  C(
    'oracle',
    'Χρησμός της Πυθίας',
    'Oracle',
    ['ΧΡΗΣΜΟΣ ΤΗΣ ΠΥΘΙΑΣ', 'ΧΡΗΣΜΟΣ', 'ORACLE'],
    true,
    'secret yes/no: is X formally a mafioso?',
    'μυστικό ναι/όχι: είναι ο Χ τυπικά μαφιόζος;',
  ),
  C(
    'failed-murder',
    'Αποτυχία Δολοφονίας',
    'Failed Murder',
    ['ΑΠΟΤΥΧΙΑ ΔΟΛΟΦΟΝΙΑΣ', 'FAILED MURDER'],
    false,
    'cancels your own noon murder, until 20:00',
    'ακυρώνει τη δική σου δολοφονία, μέχρι τις 20:00',
  ),
  C(
    'vote-exemption',
    'Εξαίρεση Ψηφοφορίας',
    'Vote Exemption',
    ['ΕΞΑΙΡΕΣΗ ΨΗΦΟΦΟΡΙΑΣ', 'VOTE EXEMPTION'],
    false,
    'you cannot be voted this round; play before 13:00',
    'δεν ψηφίζεσαι σε αυτόν τον γύρο· πριν τις 13:00',
  ),
];

/** Every keyword with its card, longest first, so the longest card name that begins the text wins (INT-CARD-2). */
const KEYWORDS = CARDS.flatMap((c) => c.keywords.map((k) => ({ k: fold(k), card: c.id }))).sort((a, b) => b.k.length - a.k.length);

/** INT-CARD-2: splits `ΚΑΡΤΑ: <card> [<name>]` into the card and the rest (the target's name), or undefined. */
export function readCard(arg: string): { card: CardId; rest: string } | undefined {
  const t = fold(arg);
  for (const { k, card } of KEYWORDS) {
    if (t === k || t.startsWith(`${k} `)) return { card, rest: t.slice(k.length).trim() };
  }
  return undefined;
}

/** INT §2.1, INT-CARD-1: how many of each card N players get (one card per player). */
export function cardCounts(n: number): Record<CardId, number> {
  const eighth = Math.floor(n / 8);
  const tenth = Math.floor(n / 10);
  const counts: Record<CardId, number> = {
    'feign-death': eighth,
    'grave-robbing': Math.floor(n / 7),
    detention: tenth,
    'detention-cancel': tenth,
    echo: eighth,
    oracle: eighth,
    'failed-murder': 1,
    'vote-exemption': eighth,
    'extra-vote': 0,
    'vote-cancel': 0,
  };
  // The two "no restriction" cards fill the remaining hands, the odd one to the extra vote (decision B7).
  const F = n - Object.values(counts).reduce((a, b) => a + b, 0);
  counts['extra-vote'] = Math.ceil(Math.max(0, F) / 2);
  counts['vote-cancel'] = Math.floor(Math.max(0, F) / 2);
  return counts;
}

/** INT-CARD-1 step 3: the list shuffled for the card-less players, in the rule's order. */
export function shuffledCards(counts: Record<CardId, number>): CardId[] {
  const order: CardId[] = ['grave-robbing', 'detention', 'detention-cancel', 'echo', 'oracle', 'vote-exemption', 'extra-vote', 'vote-cancel'];
  return order.flatMap((c) => Array.from({ length: counts[c] }, () => c));
}
