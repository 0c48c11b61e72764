// The `narrator` command line: play a game script, verify a finished game, describe the rulebooks, simulate and
// report balance.
// Composition root of the CLI: reads files, prints, sets exit codes; the engine does the rest.
import { readFileSync } from 'node:fs';
import { Command as Program } from 'commander';
import { buildTranscript, type Transcript } from '../app/transcript.ts';
import { verifyTranscript } from '../app/verify.ts';
import type { Locale } from '../engine/state.ts';
import { loadScript, ScriptError } from '../scripts/load.ts';
import { runScript } from '../scripts/run.ts';
import { getVariant, VARIANTS } from '../variants/registry.ts';
import { addBalance } from './balance.ts';
import { addSimulate } from './simulate.ts';

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new ScriptError(file, null, `cannot read the file (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

function printTranscript(t: Transcript, out: (s: string) => void): void {
  out('== Thread ==');
  for (const l of t.public) out(`[${l.at}] ${l.text.replace(/\n/g, '\n    ')}`);
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

const program = new Program();
program.name('narrator').description('Narrator: an automatic moderator for play-by-post Mafia games').showHelpAfterError();

program
  .command('play')
  .description('run a game script through the engine and print its transcript')
  .argument('<script>', 'a game script (YAML)')
  .option('--json', 'print one JSON object instead of text')
  .option('--locale <locale>', 'language of the transcript (el, en, de, ru)')
  .action((file: string, opts: { json?: boolean; locale?: string }) => {
    try {
      const script = loadScript(readText(file), file);
      const result = runScript(script);
      let t = result.transcript;
      if (opts.locale) {
        if (!['el', 'en', 'de', 'ru'].includes(opts.locale)) throw new ScriptError(file, null, `unknown locale "${opts.locale}"`);
        t = { ...buildTranscript(script.variant, result.events, result.state, opts.locale as Locale), inputs: result.inputs };
      }
      if (opts.json) process.stdout.write(`${JSON.stringify(t, null, 1)}\n`);
      else printTranscript(t, (s) => process.stdout.write(`${s}\n`));
      if (result.failures.length > 0) {
        process.stderr.write(`\n${result.failures.length} expectation(s) failed:\n`);
        for (const f of result.failures) process.stderr.write(`  - ${f}\n`);
        process.exitCode = 1;
      }
    } catch (e) {
      if (e instanceof ScriptError) {
        process.stderr.write(`malformed script: ${e.message}\n`);
        process.exitCode = 2;
        return;
      }
      throw e;
    }
  });

program
  .command('verify')
  .description('check a finished game export against its published seed')
  .argument('<transcript>', 'the JSON of `narrator play --json` or a server export')
  .action((file: string) => {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      process.stderr.write(`cannot read ${file}: ${(e as Error).message}\n`);
      process.exitCode = 2;
      return;
    }
    const v = verifyTranscript(data);
    for (const line of v.ok) process.stdout.write(`ok    ${line}\n`);
    for (const line of v.fixed) process.stdout.write(`fixed ${line}\n`);
    for (const line of v.problems) process.stdout.write(`FAIL  ${line}\n`);
    process.stdout.write(
      v.fair
        ? `\nThe game was dealt fairly${v.fixed.length ? ' (values fixed by the moderator are listed above)' : ''}.\n`
        : '\nThe export does NOT match its seed.\n',
    );
    process.exitCode = v.fair ? 0 : 1;
  });

program
  .command('rules')
  .description('list the rulebooks, or describe one')
  .argument('[variant]', 'a variant id')
  .option('--locale <locale>', 'language (en or the variant’s own)', 'en')
  .action((id: string | undefined, opts: { locale: string }) => {
    const out = (s: string) => process.stdout.write(`${s}\n`);
    if (!id) {
      for (const v of Object.values(VARIANTS)) out(`${v.id.padEnd(18)} ${v.names.en ?? v.id} — ${v.minPlayers}-${v.maxPlayers} players, ${v.defaultTimeZone}`);
      return;
    }
    const v = getVariant(id);
    if (!v) {
      process.stderr.write(`unknown variant "${id}"; known: ${Object.keys(VARIANTS).join(', ')}\n`);
      process.exitCode = 2;
      return;
    }
    const loc = (opts.locale === v.defaultLocale ? v.defaultLocale : 'en') as Locale;
    out(`${v.names[loc] ?? v.id} (${v.id}) — ${v.minPlayers}-${v.maxPlayers} players, time zone ${v.defaultTimeZone}`);
    out('');
    out('Roles:');
    for (const r of v.roles) out(`  ${r.id.padEnd(10)} ${(r.names[loc] ?? r.id).padEnd(16)} side ${r.side.padEnd(9)} ${r.summary[loc] ?? r.summary.en ?? ''}`);
    out('');
    out('Schedule:');
    for (const l of v.schedule(loc)) out(`  ${l.when.padEnd(22)} ${l.what}`);
    out('');
    out('Default deal:');
    for (const n of [7, 10, 14, 20]) {
      const list = v.defaultRoles(n);
      const counts = [...new Set(list)].map((r) => `${r}×${list.filter((x) => x === r).length}`).join(', ');
      out(`  ${String(n).padStart(2)} players: ${counts}`);
    }
  });

program
  .command('serve')
  .description('serve the API, the WebSocket updates and the web app; stores games in one SQLite file')
  .option('--port <port>', 'TCP port (0: any free port)', process.env.PORT ?? '8080')
  .option('--host <host>', 'address to listen on', process.env.HOST ?? '127.0.0.1')
  .option(
    '--db <file>',
    'SQLite database file (created and migrated on first run; ":memory:" keeps nothing; a postgres:// URL uses PostgreSQL)',
    './data/narrator.db',
  )
  .option('--demo', 'create demo accounts and a demo game, and print their log-ins')
  .option('--speed <factor>', 'run game time this many times faster than real time (demos)')
  .option('--clock <spec>', 'scaled clock "realOrigin:gameOrigin:speed" in epoch ms (tests: survives restarts)')
  .option('--sync <mode>', 'SQLite synchronous mode: normal (survives process crashes) or full (also power loss)', 'normal')
  .option('--log-level <level>', 'pino log level', process.env.LOG_LEVEL ?? 'info')
  .option('--signup-limit <n>', 'sign-ups allowed per client address per hour', '20')
  .option('--spectators-per-address <n>', 'anonymous WebSocket connections and subscriptions one client address may hold (default 16 and 32)')
  .action(
    async (opts: {
      port: string;
      host: string;
      db: string;
      demo?: boolean;
      speed?: string;
      clock?: string;
      sync: string;
      logLevel: string;
      signupLimit: string;
      spectatorsPerAddress?: string;
    }) => {
      const { serve } = await import('../server/main.ts');
      const { ScaledClock } = await import('../app/clock.ts');
      // The scaled clock's origin is kept in the database, so a restart continues game time (see persistentClock).
      const clock = opts.clock ? ScaledClock.parse(opts.clock) : undefined;
      const speed = opts.speed !== undefined ? Number(opts.speed) : undefined;
      if (speed !== undefined && !(Number.isFinite(speed) && speed > 0)) throw new Error(`--speed is a positive number, not "${opts.speed}"`);
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad port "${opts.port}"`);
      if (opts.sync !== 'normal' && opts.sync !== 'full') throw new Error(`--sync is normal or full, not "${opts.sync}"`);
      const signups = Number(opts.signupLimit);
      if (!Number.isInteger(signups) || signups < 1) throw new Error(`--signup-limit is a positive whole number, not "${opts.signupLimit}"`);
      const spectators = opts.spectatorsPerAddress === undefined ? undefined : Number(opts.spectatorsPerAddress);
      if (spectators !== undefined && !(Number.isInteger(spectators) && spectators > 0))
        throw new Error(`--spectators-per-address is a positive integer, not "${opts.spectatorsPerAddress}"`);
      const { DEFAULT_WS_OPTIONS } = await import('../server/ws.ts');
      const server = await serve({
        port,
        host: opts.host,
        db: opts.db,
        demo: opts.demo === true,
        logLevel: opts.logLevel,
        synchronous: opts.sync,
        accountOptions: { signupLimit: { max: signups, windowMs: 3_600_000 } },
        ...(clock ? { clock } : {}),
        ...(speed !== undefined ? { speed } : {}),
        ...(spectators !== undefined
          ? {
              ws: { ...DEFAULT_WS_OPTIONS, anonymous: { ...DEFAULT_WS_OPTIONS.anonymous, socketsPerAddress: spectators, subscriptionsPerAddress: spectators } },
            }
          : {}),
      });
      const stop = () => {
        void server.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
  );

addSimulate(program);
addBalance(program);

program.parseAsync(process.argv).catch((e: unknown) => {
  process.stderr.write(`narrator: internal error: ${(e as Error).stack ?? String(e)}\n`);
  process.exitCode = 3;
});
