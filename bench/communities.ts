// The four communities whose games bench/screenshots.ts pictures: each rulebook in its community's language, with
// forum nicknames of that community, what its players say on the first days and which actions they take
// (bench/autoplay.ts plays them through the API).
import type { Lang } from '../test/support/language.ts';

/** One community's game: how it is created, who plays, what they say and do, and when it is pictured. */
export interface Community {
  readonly variant: string;
  /** The game's language, which is also the interface's in the pictures. */
  readonly locale: Lang;
  /** The browser's locale and zone (the game's: each time is shown once). */
  readonly browserLocale: string;
  readonly timeZone: string;
  readonly title: string;
  /** The rest of the create body (start, options). */
  readonly create: Readonly<Record<string, unknown>>;
  readonly moderator: string;
  /** The players' forum nicknames, in signup order. */
  readonly names: readonly string[];
  /** What each seat says on each vote window (a post, several, or '' for nothing), in the thread his vote goes to. */
  readonly talk: readonly (readonly (string | readonly string[])[])[];
  /** The actions a player's vote is (he talks where it is posted). */
  readonly talkWith: readonly string[];
  /** The legal actions the players take (by id); others (cards, suicide, ads) are left. */
  readonly acts: readonly string[];
  /** Whom each action names, by role in order of preference (the deal is new each run); else the last one listed. */
  readonly prefer: Readonly<Record<string, readonly string[]>>;
  /** The text of an action's text argument, by `<action>.<argument>`; `{<argument>}` in it is that argument's value. */
  readonly texts: Readonly<Record<string, string>>;
  /**
   * The pictures' instant, local to the game: a day with votes cast after a night resolved, while the pictured role
   * card has a private order open (palermo's murder order of the next round until 13:00; mafia-de's ballot by PN).
   */
  readonly end: string;
  /** Whose role card is pictured: the first living player of these roles. */
  readonly roleCard: readonly string[];
}

/** The communities, in the order the README shows them. */
export const COMMUNITIES: readonly Community[] = [
  {
    variant: 'palermo',
    locale: 'el',
    browserLocale: 'el-GR',
    timeZone: 'Europe/Athens',
    title: 'Παλέρμο #47 — Το λιμάνι του Πειραιά',
    create: { startAt: '2025-11-03T11:00' },
    moderator: 'Αφηγητής',
    names: ['Ψαράς', 'Κουκουβάγια', 'Νυχτοπούλι', 'Μαστρογιάννης', 'Σαλιγκάρι', 'Καπετάνιος', 'Λεμονιά', 'Ταχυδρόμος', 'Φεγγαράκι'],
    talk: [
      [
        'Καλημέρα σε όλους! Καλή επιτυχία και καλό παιχνίδι.',
        'Πρώτη μέρα, κανείς δεν ξέρει τίποτα. Ας ακούσουμε πρώτα ποιος μιλάει πολύ.',
        '',
        'Εγώ θα ψηφίσω νωρίς, μη με περιμένετε.',
        'Μου φαίνεται ύποπτα ήσυχος ο Καπετάνιος.',
      ],
      [
        'Κρίμα για το χθεσινό. Ποιος έσπρωξε αυτή την ψηφοφορία;',
        'Η δολοφονία δείχνει ότι φοβούνται κάποιον που μιλούσε πολύ.',
        'Διαβάστε ξανά τις χθεσινές ψήφους, κάτι δεν μου κάθεται καλά.',
        'Δεν είμαι σίγουρος για τίποτα ακόμα, ακούω.',
        'Σήμερα πάμε προσεκτικά. Καμία βιαστική ψήφος.',
        'Ο καπετάνιος δεν εγκαταλείπει το πλοίο. Ψηφίζω με το ένστικτο.',
        'Λεμονιά λέγομαι, ξινή μου έπεσε η χθεσινή μέρα.',
        'Έχω γράμμα για όλους: προσέξτε ποιος αλλάζει ψήφο.',
        'Το φεγγάρι απόψε θα δείξει πολλά.',
      ],
      [
        'Καλημέρα. Η χθεσινή καταμέτρηση λέει πολλά, διαβάστε τη.',
        'Σήμερα ψηφίζω νωρίς, το μεσημέρι έχω δουλειά.',
        '',
        'Πριν τις 13:00 ας μιλήσουμε λίγο για τις χθεσινές ψήφους.',
        'Συμφωνώ, πρώτα κουβέντα και μετά ψήφος.',
        '',
        'Ο πληροφοριοδότης μας μάλλον κρύβεται καλά. Μπράβο του.',
      ],
    ],
    talkWith: ['vote'],
    acts: ['vote', 'runoff', 'kill', 'protect', 'lastwords'],
    prefer: { vote: ['citizen', 'informant'], runoff: ['citizen'], kill: ['informant', 'citizen'] },
    texts: { 'lastwords.text': 'Ήμουν απλός πολίτης, παιδιά. Προσέξτε ποιος ψήφισε πρώτος εναντίον μου. Καλή συνέχεια!' },
    end: '2025-11-05T11:30',
    roleCard: ['killer'],
  },
  {
    variant: 'palermo-intrigue',
    locale: 'el',
    browserLocale: 'el-GR',
    timeZone: 'Europe/Athens',
    title: 'Παλέρμο με Κάρτες Ίντριγκας #9 — Η Βασιλική Αυλή',
    create: { startAt: '2025-11-03T11:00' },
    moderator: 'Σκηνοθέτης',
    names: ['Πυθία', 'Μινώταυρος', 'Κασσάνδρα', 'Σπουργίτης', 'Ναυαγός', 'Θερσίτης', 'Αγριόγατος', 'Πελαργός', 'Ζαχαρούλα', 'Αρχάγγελος'],
    talk: [
      [
        'Καλησπέρα στην Αυλή! Ποιος έχει ήδη κάρτα και δεν τη λέει;',
        'Εγώ πάντως θα κρατήσω την κάρτα μου για αργότερα.',
        '',
        'Ο Θερσίτης γράφει πολλά αλλά δεν λέει τίποτα.',
        '',
        'Τίποτα δεν λέω; Ψηφίζω με λογική, όχι με φωνές.',
      ],
      [
        'Μια δολοφονία το μεσημέρι και κανείς δεν είδε τίποτα…',
        'Το φάντασμα της χθεσινής μέρας μάς παρακολουθεί.',
        'Ο νεκρός είχε ψηφίσει αντίθετα από την πλειοψηφία. Σύμπτωση;',
        'Προτείνω να ακούσουμε τον Αγριόγατο πριν ψηφίσουμε.',
        'Η ψήφος μου πάει εκεί που λέει η λογική.',
        'Κανείς δεν με ακούει, όπως πάντα.',
        'Είμαι εδώ. Ρωτήστε ό,τι θέλετε.',
        'Οι πελαργοί φέρνουν νέα: κάποιος κρύβει κάρτα.',
        'Γλυκά λόγια σήμερα, αλλά η ψήφος θα είναι πικρή.',
        'Ο Αρχάγγελος προσέχει την Αυλή. Καλή ψηφοφορία.',
      ],
      [
        'Νέα μέρα στην Αυλή. Ποιος θα παίξει κάρτα σήμερα;',
        '',
        'Η χθεσινή καταμέτρηση ήταν πολύ στενή.',
        'Ας μη βιαστούμε πριν τις 13:00.',
        '',
        'Εγώ πάντως ψηφίζω με βάση τα χθεσινά.',
        '',
        'Κάποιος πρέπει να μιλήσει για τα φαντάσματα.',
      ],
    ],
    talkWith: ['vote'],
    acts: ['vote', 'kill', 'check', 'protect', 'lastwords'],
    prefer: { vote: ['citizen', 'detective'], kill: ['detective', 'nurse', 'citizen'], check: ['visible-mafioso-a', 'archmafioso'] },
    texts: { 'lastwords.text': 'Ήμουν πολίτης και έφυγα πρώτος. Κοιτάξτε ποιος βιάστηκε να με ψηφίσει.' },
    end: '2025-11-05T11:30',
    roleCard: ['visible-mafioso-a', 'archmafioso'],
  },
  {
    variant: 'mafia-de',
    locale: 'de',
    browserLocale: 'de-DE',
    timeZone: 'Europe/Berlin',
    title: 'Mafia #138 — Die Ganoven von Kleinkleckersdorf',
    create: { startAt: '2025-11-03T11:00' },
    moderator: 'Spielleiter',
    names: ['Nachteule', 'Kaffeetante', 'Bergziege', 'Schnitzeljäger', 'Gartenzwerg', 'Brezelbaron', 'Pfeffersack', 'Wolkenschieber', 'Zugvogel'],
    talk: [
      // Two posts each on the first day: a German game asks for two game posts a day and night (else a warning).
      [
        ['Moin zusammen! Auf ein faires Spiel.', 'Ich stimme heute nach Bauchgefühl, mehr haben wir ja noch nicht.'],
        ['Tag 1 ist immer Lotterie. Ich höre erst mal zu.', 'Wer keinen Verdacht hat, sollte wenigstens sagen, warum nicht.'],
        ['Der Gartenzwerg war gestern verdächtig schnell online…', 'Nur so ein Gefühl, aber Gefühle haben mich selten getäuscht.'],
        ['Ich finde, wir sollten heute niemanden aus Spaß lynchen.', 'Wer eine Spur hat, bitte jetzt raus damit.'],
        ['Ich? Ich gieße nur meine Blumen, sonst nichts.', 'Ehrlich, ein Gartenzwerg ist das harmloseste Wesen im Dorf.'],
        ['Stimmen per PN nicht vergessen, Leute!', 'Und bitte nicht erst um 19:59 Uhr abstimmen.'],
        ['Ich bin heute nur kurz da, lese aber abends alles nach.', 'Mein Verdacht geht eher in Richtung der Stillen.'],
        ['Schönes Wetter zum Lynchen heute. Kleiner Scherz.', 'Im Ernst: Wer schweigt, macht sich verdächtig.'],
        ['Ich schließe mich der Mehrheit an, wenn es eine gibt.', 'Bis dahin beobachte ich die Abstimmung im Protokoll.'],
      ],
      [
        'Guten Morgen. Die Todesbotschaft war ja mal poetisch.',
        'Schon wieder ein Opfer. Ich brauche erst mal einen Kaffee.',
        'Wer hat gestern am Ende noch umgeschwenkt? Das Protokoll lügt nicht.',
        'Ich habe eine Vermutung, sage aber noch nichts.',
        'Der Gartenzwerg lebt noch. Nur zur Info.',
        'Heute bitte keine Zufallsstimmen.',
        'Pfeffer hilft gegen vieles, aber nicht gegen die Mafia.',
        'Ich schiebe heute die Wolken und meine Stimme gleich mit.',
        'Ich bin zurück aus dem Süden und lese nach.',
      ],
    ],
    talkWith: ['vote'],
    acts: ['vote', 'kill', 'protect', 'compare', 'query', 'role'],
    // The town finds a mafioso each day (two citizens lynched would leave the mafia at parity, and the game over).
    prefer: { vote: ['mafioso', 'citizen'], kill: ['citizen'], query: ['mafioso', 'mafia-boss'] },
    texts: {
      'kill.dm':
        'Spät in der Nacht klopfte ein freundlicher Herr mit Hut an die Tür von {target}. Er bot eine Versicherung gegen alles an, außer gegen ihn selbst. ' +
        '{target} lachte und bat ihn herein, um den Vertrag in Ruhe zu lesen. Am Morgen fand man nur noch eine leere Kaffeetasse und das Kleingedruckte. ' +
        'Die Versicherung zahlt leider nicht bei Mord. Der Herr mit Hut wurde nie wieder gesehen.',
    },
    end: '2025-11-04T15:30',
    roleCard: ['detective', 'guardian-angel', 'matchmaker', 'mafia-boss'],
  },
  {
    variant: 'mafia-cities',
    locale: 'ru',
    browserLocale: 'ru-RU',
    timeZone: 'Europe/Moscow',
    title: 'Мафия: Два города, партия 21',
    create: { startAt: '2025-11-03T12:00', options: { includeManiac: false } },
    moderator: 'Ведущий',
    names: ['Чебурашка', 'Снегирь', 'Дед_Мазай', 'Лиса_Алиса', 'Штирлиц', 'Буратино', 'Ёжик_в_тумане', 'Кот_Учёный', 'Барон', 'Пельмень'],
    talk: [
      [
        'Всем привет! Хорошей игры. Ночь была жаркая.',
        'Первый день, давайте без паники.',
        'Кто-нибудь видел, куда ночью уехали гастролёры?',
        'Штирлиц что-то подозрительно молчит.',
        'Я всегда молчу. Работа такая.',
        'Сегодня решаю по ощущениям, потом передумаю, если что.',
        'Туман сегодня густой, но я кое-что вижу.',
        'Расскажу сказку: жили-были два мафиози в соседних городах…',
        'Господа, предлагаю не торопиться с выдвижением.',
        'Я простой житель, проверяйте меня сколько угодно.',
      ],
      [
        'Ночью кого-то убили, а мы опять спорим.',
        'Голосую за того, кто выдвинул меня, логично же.',
        'Предлагаю казнить тех, кто голосовал вразнобой.',
        'Не спешите, до 22:00 ещё есть время.',
        'Я за то, чтобы слушать комиссара.',
        'Голосуйте до вечера, не тяните.',
        'Мой голос — против самого громкого.',
        'Протокол голосования всё покажет.',
        'Барон всегда голосует последним. Традиция.',
        'Поддерживаю большинство.',
      ],
    ],
    talkWith: ['nominate', 'vote'],
    acts: ['nominate', 'vote', 'kill', 'check', 'protect', 'lastword'],
    prefer: { nominate: ['citizen'], vote: ['citizen'], kill: ['citizen'], check: ['mafioso'] },
    texts: {},
    end: '2025-11-04T20:30',
    roleCard: ['doctor', 'commissioner', 'mafioso'],
  },
];

/** The community of a rulebook. */
export function communityOf(variant: string): Community {
  const c = COMMUNITIES.find((x) => x.variant === variant);
  if (!c) throw new Error(`no community for ${variant}`);
  return c;
}
