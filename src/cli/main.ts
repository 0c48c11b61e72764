// The `narrator` command line: play a game script, verify a finished game, describe the rulebooks, simulate and
// report balance.
// Composition root of the CLI: reads files, prints, sets exit codes; the engine does the rest. Each command loads
// its modules when it runs, so `narrator --version` or `narrator rules` do not load the server or the simulator.
import { readFileSync } from 'node:fs';
import { CommanderError, InvalidArgumentError, Option, Command as Program } from 'commander';
import { narratorPackage } from '../app/package-dir.ts';
import type { Transcript } from '../app/transcript.ts';
import type { Locale } from '../engine/state.ts';
import { addBalance } from './balance.ts';
import { addSimulate } from './simulate.ts';
import { EXIT, intArg, runCli, UsageError } from './usage.ts';

const LOCALES = ['el', 'en', 'de', 'ru'];

function printTranscript(t: Transcript, out: (s: string) => void): void {
  out('== Thread ==');
  for (const l of t.public) out(`[${l.at}]${l.channel !== undefined ? ` [${l.channel}]` : ''} ${l.text.replace(/\n/g, '\n    ')}`);
  out('');
  out('== Private messages ==');
  for (const [name, lines] of Object.entries(t.private)) {
    if (lines.length === 0) continue;
    out(`-- ${name}`);
    for (const l of lines) out(`[${l.at}] ${l.text.replace(/\n/g, '\n    ')}`);
  }
  out('');
  out('== To the moderators ==');
  for (const l of t.moderator) out(`[${l.at}] ${l.text.replace(/\n/g, '\n    ')}`);
  if (t.moderator.length === 0) out('(none)');
  out('');
  if (t.inputs) {
    // What the engine read in each post and PM: a post that holds no command says so, so nobody loses a vote unseen.
    out('== Commands read ==');
    for (const l of t.inputs) {
      const read = l.commands.map((c) => (c.target !== undefined ? `${c.command} → ${c.target}` : c.command)).join(', ');
      out(`[${l.at}] ${l.by} (${l.via}): ${read || 'no command'}`);
    }
    if (t.inputs.length === 0) out('(none)');
    out('');
  }
  out('== Rejections ==');
  for (const r of t.rejections) out(`[${r.at}] ${r.by}: ${r.code} — ${r.text}${r.en !== r.text ? ` (${r.en})` : ''}`);
  if (t.rejections.length === 0) out('(none)');
  out('');
  out('== Players ==');
  for (const p of t.players) {
    const gone = p.removedAt ? ` (${p.removedHow}, ${p.removedAt})` : '';
    out(`${p.name.padEnd(16)} ${String(p.role ?? '-').padEnd(10)} ${String(p.team ?? '-').padEnd(9)} ${p.status}${gone}`);
  }
  out('');
  out(`Status: ${t.status}`);
  out(`Winner: ${t.winner ? `${t.winner.side} (${t.winner.players.join(', ')})` : '—'}`);
  out(`Commitment: ${t.commitment}`);
  if (t.seed !== undefined) out(`Seed: ${t.seed}`);
}

// A reader that stops early (`narrator play … | head`) closes the pipe: that is not an error of ours.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

/** `--speed`: a positive factor. */
function positive(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a positive number.');
  return n;
}

/** `--clock`: three numbers separated by colons (ScaledClock.parse reads them). */
function clockSpec(text: string): string {
  if (!/^-?\d+(\.\d+)?:-?\d+(\.\d+)?:\d+(\.\d+)?$/.test(text)) throw new InvalidArgumentError('expected "realOrigin:gameOrigin:speed" in epoch ms.');
  return text;
}

const program = new Program();
program
  .name('narrator')
  .description('Narrator: an automatic moderator for play-by-post Mafia games')
  .version(narratorPackage().version, '-V, --version', 'print the version')
  .showHelpAfterError()
  // Commander exits 1 on a usage mistake; 1 means "an expectation failed" here, so usage errors exit 2. Set before
  // the commands are added: they inherit it.
  .exitOverride();

program
  .command('play')
  .description('run a game script through the engine and print its transcript')
  .argument('<script>', 'a game script (YAML)')
  .option('--json', 'print one JSON object instead of text')
  .addOption(new Option('--locale <locale>', 'language of the transcript').choices(LOCALES))
  .action(async (file: string, opts: { json?: boolean; locale?: Locale }) => {
    const { loadScript, ScriptError } = await import('../scripts/load.ts');
    const { runScript } = await import('../scripts/run.ts');
    const { buildTranscript } = await import('../app/transcript.ts');
    const malformed = (e: unknown) => (e instanceof ScriptError ? `malformed script: ${e.message}` : undefined);
    await runCli(
      'play',
      async () => {
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch (e) {
          throw new ScriptError(file, null, `cannot read the file (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
        }
        const script = loadScript(text, file);
        const result = await runScript(script);
        let t = result.transcript;
        if (opts.locale) t = { ...buildTranscript(script.variant, result.events, result.state, opts.locale), inputs: result.inputs };
        if (opts.json) process.stdout.write(`${JSON.stringify(t, null, 1)}\n`);
        else printTranscript(t, (s) => process.stdout.write(`${s}\n`));
        if (result.failures.length > 0) {
          process.stderr.write(`\n${result.failures.length} expectation(s) failed:\n`);
          for (const f of result.failures) process.stderr.write(`  - ${f}\n`);
          process.exitCode = EXIT.failed;
        }
      },
      malformed,
    );
  });

program
  .command('verify')
  .description('check a finished game export against its published seed')
  .argument('<transcript>', 'the JSON of `narrator play --json` or a server export')
  .action((file: string) =>
    runCli('verify', async () => {
      const { verifyTranscript } = await import('../app/verify.ts');
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (e) {
        throw new UsageError(`cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
      }
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        throw new UsageError(
          `${file} is not JSON; give the JSON of \`narrator play --json\` or a server export (GET /api/games/:id/export), not a game script`,
        );
      }
      const v = verifyTranscript(data);
      if (v.status === 'invalid') throw new UsageError(`${file}: ${v.problems.join('; ')}`);
      if (v.status === 'unpublished') {
        process.stdout.write(
          'The seed is not published yet: the game has not ended, so its deal cannot be checked. Verify the export again once the game is over.\n',
        );
        process.exitCode = EXIT.notEnded;
        return;
      }
      for (const line of v.ok) process.stdout.write(`ok    ${line}\n`);
      for (const line of v.fixed) process.stdout.write(`fixed ${line}\n`);
      for (const line of v.problems) process.stdout.write(`FAIL  ${line}\n`);
      process.stdout.write(
        v.fair
          ? `\nThe game was dealt fairly${v.fixed.length ? ' (values fixed by the moderator are listed above)' : ''}.\n`
          : '\nThe export does NOT match its seed.\n',
      );
      process.exitCode = v.fair ? EXIT.ok : EXIT.failed;
    }),
  );

program
  .command('rules')
  .description('list the rulebooks, or describe one')
  .argument('[variant]', 'a variant id')
  .addOption(new Option('--locale <locale>', 'language (en or the variant’s own)').choices(LOCALES).default('en'))
  .action((id: string | undefined, opts: { locale: string }) =>
    runCli('rules', async () => {
      const { getVariant, VARIANTS } = await import('../variants/registry.ts');
      const out = (s: string) => process.stdout.write(`${s}\n`);
      if (!id) {
        for (const v of Object.values(VARIANTS))
          out(`${v.id.padEnd(18)} ${v.names.en ?? v.id} — ${v.minPlayers}-${v.maxPlayers} players, ${v.defaultTimeZone}`);
        return;
      }
      const v = getVariant(id);
      if (!v) throw new UsageError(`unknown variant "${id}"; known: ${Object.keys(VARIANTS).join(', ')}`);
      const loc = (opts.locale === v.defaultLocale ? v.defaultLocale : 'en') as Locale;
      out(`${v.names[loc] ?? v.id} (${v.id}) — ${v.minPlayers}-${v.maxPlayers} players, time zone ${v.defaultTimeZone}`);
      out('');
      out('Roles:');
      for (const r of v.roles)
        out(`  ${r.id.padEnd(10)} ${(r.names[loc] ?? r.id).padEnd(16)} side ${r.side.padEnd(9)} ${r.summary[loc] ?? r.summary.en ?? ''}`);
      for (const set of v.pieces ?? []) {
        out('');
        const counts = set.counts?.(16);
        out(`${set.heading[loc] ?? set.heading.en ?? ''}${counts ? ' (count for 16 players)' : ''}:`);
        for (const p of set.pieces) {
          const n = counts ? ` ×${counts[p.id] ?? 0}`.padEnd(4) : '';
          out(`  ${p.id.padEnd(16)} ${(p.names[loc] ?? p.id).padEnd(22)}${n} ${p.summary[loc] ?? p.summary.en ?? ''}`);
        }
      }
      out('');
      // The declared day with the rulebook's default options, local times in the game's zone.
      const { timeline } = await import('../engine/timeline.ts');
      out(`Schedule (local times in ${v.defaultTimeZone}, default options):`);
      // A long `when` gets a line of its own, so the descriptions stay in one column.
      for (const l of timeline(v.timetable.schedule, loc, v.optionsSchema.parse({})))
        out(l.when.length > 32 ? `  ${l.when}\n  ${''.padEnd(34)} ${l.what}` : `  ${l.when.padEnd(34)} ${l.what}`);
      if (v.actions) {
        // Each declared player action: its command line as the game's locale teaches it, where it is sent, what it
        // does, and its refusals in the order they are checked (engine/actions/text.ts).
        const { describeActions } = await import('../engine/actions/text.ts');
        out('');
        out('Player actions (as the role messages teach them):');
        for (const l of describeActions(v.actions, loc)) out(l);
      }
      out('');
      // The toolkit every rulebook shares under the same names first (a tool it lacks with its reason), then the
      // engine's other actions and the rulebook's own (engine/modkit.ts).
      const { modListing } = await import('../engine/modkit.ts');
      const listing = modListing(v);
      const line = (a: (typeof listing)[number]) =>
        a.forbidden !== undefined
          ? `  ${a.name.padEnd(16)} — ${a.summary}`
          : `  ${a.name.padEnd(16)} ${a.summary} (${a.rules})${a.aliases.length > 0 ? ` [also accepted: ${a.aliases.join(', ')}]` : ''}`;
      out('Moderator toolkit (the same names in every rulebook; POST /mod, or `mod:` in scripts):');
      for (const a of listing.filter((x) => x.toolkit)) out(line(a));
      out('');
      out('Other moderator actions:');
      for (const a of listing.filter((x) => !x.toolkit)) out(line(a));
      out('');
      out('Default deal:');
      // Sizes below the rulebook's minimum are shown at its minimum instead.
      for (const n of new Set([7, 10, 14, 20].map((k) => Math.max(k, v.minPlayers)))) {
        const list = v.defaultRoles(n);
        const counts = [...new Set(list)].map((r) => `${r}×${list.filter((x) => x === r).length}`).join(', ');
        out(`  ${String(n).padStart(2)} players: ${counts}`);
      }
    }),
  );

/** The database a command uses when `--db` is not given: $DATABASE_URL, else the SQLite file under ./data. */
const DEFAULT_DB = process.env.DATABASE_URL || './data/narrator.db';

/** A database mistake of `migrate`/`copy`/`serve` as a usage message (exit 2): unreachable, a bad URL, not empty. */
async function databaseProblem(e: unknown): Promise<string | undefined> {
  const { isStoreFault } = await import('../store/faults.ts');
  const { AppError } = await import('../app/errors.ts');
  if (e instanceof AppError) return e.message;
  if (isStoreFault(e) || /password authentication|database .* does not exist|role .* does not exist|getaddrinfo|Invalid URL/i.test(String(e)))
    return `the database cannot be reached: ${(e as Error).message}`;
  return undefined;
}

program
  .command('migrate')
  .description('bring a database schema up to date (SQLite file or postgres:// URL) and exit; serve does it too')
  .option('--db <file or url>', 'the database (default $DATABASE_URL or ./data/narrator.db)', DEFAULT_DB)
  .action((opts: { db: string }) =>
    runCli('migrate', async () => {
      const { openStore } = await import('../store/open.ts');
      let store: Awaited<ReturnType<typeof openStore>>;
      try {
        store = await openStore(opts.db);
      } catch (e) {
        const m = await databaseProblem(e);
        if (m === undefined) throw e;
        throw new UsageError(m);
      }
      const games = (await store.streams()).length;
      await store.close();
      process.stdout.write(`The ${store.kind} database is up to date (${games} game${games === 1 ? '' : 's'}).\n`);
    }),
  );

program
  .command('copy')
  .description('copy a community (games, accounts, sessions, timers, read markers, notifications) from a SQLite file into an empty PostgreSQL database')
  .requiredOption('--from <file>', 'the SQLite database file to read (it is not changed)')
  .requiredOption('--to <url>', 'the destination: a postgres:// URL (or another SQLite file) holding no games or accounts')
  .action((opts: { from: string; to: string }) =>
    runCli('copy', async () => {
      const { existsSync } = await import('node:fs');
      if (!existsSync(opts.from)) throw new UsageError(`--from: no database file ${opts.from}`);
      if (opts.from === opts.to) throw new UsageError('--from and --to name the same database');
      const { openStore } = await import('../store/open.ts');
      const { copyStore } = await import('../app/copy.ts');
      const from = await openStore(opts.from);
      let to: Awaited<ReturnType<typeof openStore>> | undefined;
      try {
        to = await openStore(opts.to);
        const r = await copyStore(from, to, (done, total) => {
          if (process.stderr.isTTY) process.stderr.write(`\rcopied ${done}/${total} games`);
        });
        if (process.stderr.isTTY) process.stderr.write('\n');
        process.stdout.write(
          `Copied ${r.games} games (${r.events} events, ${r.timers} timers), ${r.accounts} accounts, ${r.sessions} sessions, ${r.readMarkers} read markers and ${r.notifications} notifications from ${from.kind} to ${to.kind}.\n`,
        );
        if (r.mismatched.length > 0) {
          process.stdout.write(`The state of ${r.mismatched.length} copied game(s) differs from the original: ${r.mismatched.join(', ')}\n`);
          process.exitCode = EXIT.failed;
        } else process.stdout.write('Every copied game replays to the state hash of its original.\n');
      } catch (e) {
        const m = await databaseProblem(e);
        if (m === undefined) throw e;
        throw new UsageError(m);
      } finally {
        await from.close();
        await to?.close();
      }
    }),
  );

/** A public URL (http or https), else a usage error. */
function checkedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol === 'http:' || u.protocol === 'https:') return url.replace(/\/$/, '');
  } catch {
    // below
  }
  throw new UsageError(`--public-url: "${url}" is not an http(s) URL`);
}

/** The options commander parses for `narrator serve`. */
interface ServeOpts {
  port?: number;
  host: string;
  db: string;
  demo?: boolean;
  speed?: number;
  clock?: string;
  sync: 'normal' | 'full';
  logLevel: string;
  signupLimit: number;
  spectatorsPerAddress?: number;
  connectionsPerAddress?: number;
  requestTimeout?: number;
  trustProxy?: string;
  pool?: number;
  secureCookies?: boolean;
  smtp?: string;
  mailFrom?: string;
  publicUrl?: string;
  insecurePush?: boolean;
  notifyPollMs?: number;
  deliveryLeaseMs?: number;
}

program
  .command('serve')
  .description('serve the API, the WebSocket updates and the web app; stores games in one SQLite file or a shared PostgreSQL')
  .option('--port <port>', 'TCP port (0: any free port; default $PORT or 8080)', intArg(0, 65535))
  .option('--host <host>', 'address to listen on', process.env.HOST ?? '127.0.0.1')
  .option(
    '--db <file or url>',
    'SQLite database file (created and migrated on first run; ":memory:" keeps nothing) or a postgres:// URL (several instances may share it); default $DATABASE_URL or ./data/narrator.db',
    DEFAULT_DB,
  )
  .option('--demo', 'create demo accounts and a demo game, and print their log-ins')
  .option('--speed <factor>', 'run game time this many times faster than real time (demos; the clock survives restarts)', positive)
  .option('--clock <spec>', 'scaled clock "realOrigin:gameOrigin:speed" in epoch ms (tests: survives restarts)', clockSpec)
  .addOption(
    new Option('--sync <mode>', 'SQLite synchronous mode: normal (survives process crashes) or full (also power loss)')
      .choices(['normal', 'full'])
      .default('normal'),
  )
  .addOption(
    new Option('--log-level <level>', 'pino log level')
      .choices(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default(process.env.LOG_LEVEL ?? 'info'),
  )
  .option('--signup-limit <n>', 'sign-ups allowed per client address per hour', intArg(1, 1_000_000), 20)
  .option(
    '--trust-proxy <addresses>',
    'reverse proxies (addresses or CIDRs, comma-separated) whose X-Forwarded-For names the client; default $TRUST_PROXY, none',
    process.env.TRUST_PROXY || undefined,
  )
  .option('--pool <n>', 'PostgreSQL connections of this instance (default 10)', intArg(1, 1000))
  .option('--secure-cookies', 'mark the session cookies Secure and send HSTS (serve behind HTTPS)')
  .option(
    '--smtp <url>',
    'send e-mail (reminders, address verification, password reset) through smtp://user:pass@host:port; default $SMTP_URL, none (e-mail off)',
    process.env.SMTP_URL || undefined,
  )
  .option(
    '--mail-from <address>',
    'the From address of mail; default $MAIL_FROM, else "Narrator <narrator@host of the public URL>"',
    process.env.MAIL_FROM || undefined,
  )
  .option(
    '--public-url <url>',
    'the URL players reach this server at, for links in mail and push; default $PUBLIC_URL, else the URL it listens on',
    process.env.PUBLIC_URL || undefined,
  )
  .addOption(new Option('--insecure-push', 'accept http:// push endpoints (tests with a push service on loopback)').hideHelp())
  .addOption(new Option('--notify-poll-ms <ms>', 'how often pages ask for their notifications (tests)').argParser(intArg(100, 3_600_000)).hideHelp())
  .addOption(
    new Option('--delivery-lease-ms <ms>', 'how long a push or mail delivery is held before it is tried again (tests)')
      .argParser(intArg(100, 3_600_000))
      .hideHelp(),
  )
  .option(
    '--spectators-per-address <n>',
    'anonymous WebSocket connections and subscriptions one client address may hold (default 16 and 32)',
    intArg(1, 1_000_000),
  )
  .option(
    '--connections-per-address <n>',
    'open HTTP and WebSocket connections one client address may hold (default: both WebSocket socket caps plus 64)',
    intArg(1, 1_000_000),
  )
  .option('--request-timeout <seconds>', 'seconds a client has to send a whole request, body included (default 30)', intArg(1, 3600))
  .action((opts: ServeOpts) =>
    runCli('serve', async () => {
      const { serve } = await import('../server/main.ts');
      const { ScaledClock } = await import('../app/clock.ts');
      // A mistyped SMTP URL is found at the start, not when the first reminder is due.
      const smtpProblem = opts.smtp ? (await import('../app/mail.ts')).checkSmtpUrl(opts.smtp) : undefined;
      if (smtpProblem) throw new UsageError(`--smtp: ${smtpProblem}`);
      // The scaled clock's origin is kept in the database, so a restart continues game time (see persistentClock).
      const clock = opts.clock ? ScaledClock.parse(opts.clock) : undefined;
      let port = opts.port;
      if (port === undefined) {
        try {
          port = intArg(0, 65535)(process.env.PORT ?? '8080');
        } catch {
          throw new UsageError(`the PORT environment variable "${process.env.PORT}" is not a port (0 to 65535)`);
        }
      }
      const spectators = opts.spectatorsPerAddress;
      const { DEFAULT_WS_OPTIONS } = await import('../server/ws.ts');
      let server: Awaited<ReturnType<typeof serve>>;
      try {
        server = await serve({
          port,
          host: opts.host,
          db: opts.db,
          demo: opts.demo === true,
          logLevel: opts.logLevel,
          synchronous: opts.sync,
          accountOptions: { signupLimit: { max: opts.signupLimit, windowMs: 3_600_000 } },
          ...(opts.trustProxy ? { trustProxy: opts.trustProxy } : {}),
          ...(opts.pool !== undefined ? { pool: opts.pool } : {}),
          ...(opts.secureCookies ? { secureCookies: true } : {}),
          ...(opts.smtp ? { smtp: opts.smtp } : {}),
          ...(opts.mailFrom ? { mailFrom: opts.mailFrom } : {}),
          ...(opts.publicUrl ? { publicUrl: checkedUrl(opts.publicUrl) } : {}),
          ...(opts.insecurePush ? { insecurePush: true } : {}),
          ...(opts.notifyPollMs !== undefined ? { notifyPollMs: opts.notifyPollMs } : {}),
          ...(opts.deliveryLeaseMs !== undefined ? { deliveryLeaseMs: opts.deliveryLeaseMs } : {}),
          ...(clock ? { clock } : {}),
          ...(opts.speed !== undefined ? { speed: opts.speed } : {}),
          connections: {
            ...(opts.connectionsPerAddress !== undefined ? { perAddress: opts.connectionsPerAddress } : {}),
            ...(opts.requestTimeout !== undefined ? { requestTimeoutMs: opts.requestTimeout * 1000 } : {}),
          },
          ...(spectators !== undefined
            ? {
                ws: {
                  ...DEFAULT_WS_OPTIONS,
                  anonymous: { ...DEFAULT_WS_OPTIONS.anonymous, socketsPerAddress: spectators, subscriptionsPerAddress: spectators },
                },
              }
            : {}),
        });
      } catch (e) {
        // An unreachable or misnamed database is the operator's to fix: one line and exit 2, no stack trace.
        const m = await databaseProblem(e);
        if (m === undefined) throw e;
        throw new UsageError(m);
      }
      const stop = () => {
        void server.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    }),
  );

addSimulate(program);
addBalance(program);

program.parseAsync(process.argv).catch((e: unknown) => {
  if (e instanceof CommanderError) {
    // Commander has printed its message (naming the flag or argument) and the help hint; help and --version are 0.
    process.exitCode = e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    return;
  }
  process.stderr.write(`narrator: internal error: ${(e as Error).stack ?? String(e)}\n`);
  process.exitCode = EXIT.internal;
});
