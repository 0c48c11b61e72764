// The words of push notifications and mails (issue 26), in the four languages of the web app, as ICU MessageFormat.
// The in-app list renders the same notifications with the web app's own catalogues (web/src/i18n); these are for
// what leaves the server while no page is open. A game's own texts (a command as the game writes it, player names,
// the title) are shown as they are.

/** The languages mail and push speak. */
export const NOTICE_LOCALES = ['en', 'el', 'de', 'ru'] as const;
/** A language of mail and push. */
export type NoticeLocale = (typeof NOTICE_LOCALES)[number];

/** Whether a string names one of those languages. */
export function isNoticeLocale(x: unknown): x is NoticeLocale {
  return typeof x === 'string' && (NOTICE_LOCALES as readonly string[]).includes(x);
}

const en = {
  'reminder.title': '{left} to go in “{game}”',
  'reminder.body': 'Still open for you until {when} ({zone}):',
  'digest.title': 'Moderator’s digest: “{game}”',
  'digest.pending': 'Not yet done before {when}: {names}',
  'digest.allDone': 'Everyone has acted before {when}.',
  'digest.counter': '{name}: {counter} {value} of {limit}',
  'digest.quiet': 'Silent for two days (a substitute?): {names}',
  'pm.title': 'New private message in “{game}”',
  'chat.title': '{from} in {team} (“{game}”)',
  'mention.title': '{from} mentioned you in “{game}”',
  'quote.title': '{from} quoted you in “{game}”',
  'mail.open': 'Open the game: {link}',
  'mail.why': 'You get this mail because you play or moderate on Narrator and asked for reminders by e-mail.',
  'mail.unsubscribe': 'Stop these mails with one click: {link}',
  'verify.subject': 'Confirm your e-mail address for Narrator',
  'verify.body':
    'Hello {name},\n\nplease confirm that {email} is your address for Narrator reminders:\n{link}\n\nIf you did not ask for this, ignore this mail.',
  'reset.subject': 'Reset your Narrator password',
  'reset.body':
    'Hello {name},\n\nsomeone asked to reset the password of the Narrator account “{name}”. Choose a new password here (the link works once, for {minutes} minutes):\n{link}\n\nIf it was not you, ignore this mail: your password stays as it is.',
  'counter.absences': 'absences',
  'counter.consecutive': 'absences in a row',
  'counter.inactivity': 'days inactive',
  'counter.warnings': 'warnings',
};

/** A catalogue: the English keys. */
type Catalog = { readonly [K in keyof typeof en]: string };
/** A key of the catalogues. */
export type NoticeKey = keyof typeof en;

const el: Catalog = {
  'reminder.title': 'Απομένουν {left} στο «{game}»',
  'reminder.body': 'Ακόμα ανοιχτό για σένα ως {when} ({zone}):',
  'digest.title': 'Σύνοψη συντονιστή: «{game}»',
  'digest.pending': 'Δεν έχουν ενεργήσει ακόμα πριν από {when}: {names}',
  'digest.allDone': 'Όλοι έχουν ενεργήσει πριν από {when}.',
  'digest.counter': '{name}: {counter} {value} από {limit}',
  'digest.quiet': 'Σιωπηλοί εδώ και δύο μέρες (αντικατάσταση;): {names}',
  'pm.title': 'Νέο προσωπικό μήνυμα στο «{game}»',
  'chat.title': '{from} στο {team} («{game}»)',
  'mention.title': 'Ο/Η {from} σε ανέφερε στο «{game}»',
  'quote.title': 'Ο/Η {from} σε παρέθεσε στο «{game}»',
  'mail.open': 'Άνοιξε το παιχνίδι: {link}',
  'mail.why': 'Λαμβάνεις αυτό το μήνυμα επειδή παίζεις ή συντονίζεις στο Narrator και ζήτησες υπενθυμίσεις με e-mail.',
  'mail.unsubscribe': 'Σταμάτα αυτά τα μηνύματα με ένα κλικ: {link}',
  'verify.subject': 'Επιβεβαίωσε τη διεύθυνση e-mail σου για το Narrator',
  'verify.body':
    'Γεια σου {name},\n\nεπιβεβαίωσε ότι το {email} είναι η διεύθυνσή σου για τις υπενθυμίσεις του Narrator:\n{link}\n\nΑν δεν το ζήτησες εσύ, αγνόησε αυτό το μήνυμα.',
  'reset.subject': 'Επαναφορά του κωδικού σου στο Narrator',
  'reset.body':
    'Γεια σου {name},\n\nκάποιος ζήτησε επαναφορά του κωδικού του λογαριασμού «{name}» στο Narrator. Διάλεξε νέο κωδικό εδώ (ο σύνδεσμος ισχύει μία φορά, για {minutes} λεπτά):\n{link}\n\nΑν δεν ήσουν εσύ, αγνόησε αυτό το μήνυμα: ο κωδικός σου μένει ως έχει.',
  'counter.absences': 'απουσίες',
  'counter.consecutive': 'συνεχόμενες απουσίες',
  'counter.inactivity': 'μέρες αδράνειας',
  'counter.warnings': 'προειδοποιήσεις',
};

const de: Catalog = {
  'reminder.title': 'Noch {left} in „{game}“',
  'reminder.body': 'Für dich noch offen bis {when} ({zone}):',
  'digest.title': 'Spielleiter-Übersicht: „{game}“',
  'digest.pending': 'Noch nicht erledigt vor {when}: {names}',
  'digest.allDone': 'Alle haben vor {when} gehandelt.',
  'digest.counter': '{name}: {counter} {value} von {limit}',
  'digest.quiet': 'Seit zwei Tagen still (Ersatz?): {names}',
  'pm.title': 'Neue PN in „{game}“',
  'chat.title': '{from} in {team} („{game}“)',
  'mention.title': '{from} hat dich in „{game}“ erwähnt',
  'quote.title': '{from} hat dich in „{game}“ zitiert',
  'mail.open': 'Zum Spiel: {link}',
  'mail.why': 'Du bekommst diese Mail, weil du auf Narrator spielst oder leitest und Erinnerungen per E-Mail bestellt hast.',
  'mail.unsubscribe': 'Diese Mails mit einem Klick abbestellen: {link}',
  'verify.subject': 'Bestätige deine E-Mail-Adresse für Narrator',
  'verify.body':
    'Hallo {name},\n\nbitte bestätige, dass {email} deine Adresse für Erinnerungen von Narrator ist:\n{link}\n\nWenn du das nicht angefordert hast, ignoriere diese Mail.',
  'reset.subject': 'Dein Narrator-Passwort zurücksetzen',
  'reset.body':
    'Hallo {name},\n\njemand hat angefordert, das Passwort des Narrator-Kontos „{name}“ zurückzusetzen. Wähle hier ein neues Passwort (der Link gilt einmal, {minutes} Minuten lang):\n{link}\n\nWenn du das nicht warst, ignoriere diese Mail: dein Passwort bleibt, wie es ist.',
  'counter.absences': 'Abwesenheiten',
  'counter.consecutive': 'Abwesenheiten in Folge',
  'counter.inactivity': 'Tage inaktiv',
  'counter.warnings': 'Verwarnungen',
};

const ru: Catalog = {
  'reminder.title': 'Осталось {left} в «{game}»',
  'reminder.body': 'Для вас ещё открыто до {when} ({zone}):',
  'digest.title': 'Сводка ведущего: «{game}»',
  'digest.pending': 'Ещё не сделали до {when}: {names}',
  'digest.allDone': 'Все сделали ход до {when}.',
  'digest.counter': '{name}: {counter} {value} из {limit}',
  'digest.quiet': 'Молчат два дня (нужна замена?): {names}',
  'pm.title': 'Новое личное сообщение в «{game}»',
  'chat.title': '{from} в {team} («{game}»)',
  'mention.title': '{from} упомянул(а) вас в «{game}»',
  'quote.title': '{from} процитировал(а) вас в «{game}»',
  'mail.open': 'Открыть игру: {link}',
  'mail.why': 'Вы получили это письмо, потому что играете или ведёте игры на Narrator и включили напоминания по почте.',
  'mail.unsubscribe': 'Отписаться от этих писем одним щелчком: {link}',
  'verify.subject': 'Подтвердите адрес электронной почты для Narrator',
  'verify.body':
    'Здравствуйте, {name}!\n\nПодтвердите, что {email} — ваш адрес для напоминаний Narrator:\n{link}\n\nЕсли вы этого не запрашивали, просто проигнорируйте письмо.',
  'reset.subject': 'Сброс пароля Narrator',
  'reset.body':
    'Здравствуйте, {name}!\n\nКто-то запросил сброс пароля учётной записи Narrator «{name}». Задайте новый пароль здесь (ссылка действует один раз, {minutes} минут):\n{link}\n\nЕсли это были не вы, проигнорируйте письмо: пароль останется прежним.',
  'counter.absences': 'пропусков',
  'counter.consecutive': 'пропусков подряд',
  'counter.inactivity': 'дней неактивности',
  'counter.warnings': 'предупреждений',
};

/** Every catalogue by language. */
export const NOTICE_CATALOGS: Readonly<Record<NoticeLocale, Catalog>> = { en, el, de, ru };
