// The other side of an A/B benchmark: a git ref checked out in a temporary worktree beside this one, with this
// tree's node_modules linked in (the dependencies are the same or close; the figures compare our code) and built
// by its own `bin/build.mjs` (dist/ for `narrator serve`, public/ for the web app). `npm run bench -- --against <ref>`
// measures it and this tree in one run, interleaved, then removes it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A source tree the benchmark measures: its root and how the table names it. */
export interface Tree {
  readonly label: string;
  readonly root: string;
}

/** A worktree of a ref, ready to run; `remove()` deletes it (idempotent). */
export interface RefTree extends Tree {
  readonly commit: string;
  remove(): void;
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The commit of a tree's HEAD, short, with "+" when its work tree has changes. */
export function describeTree(root: string): string {
  const head = git(root, 'rev-parse', '--short', 'HEAD');
  return git(root, 'status', '--porcelain', '--untracked-files=no') === '' ? head : `${head}+`;
}

/**
 * Checks `ref` out into a temporary worktree of the repository at `root`, links `root`'s node_modules into it and
 * builds it. The worktree is removed on `remove()` and, as a safety net, when the process exits.
 */
export function checkOut(root: string, ref: string, log: (s: string) => void): RefTree {
  const commit = git(root, 'rev-parse', '--verify', `${ref}^{commit}`);
  const dir = mkdtempSync(join(tmpdir(), 'narrator-ab-'));
  const tree = join(dir, 'tree');
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    try {
      git(root, 'worktree', 'remove', '--force', tree);
    } catch {
      // Not registered (the add failed): the directory goes below all the same.
    }
    rmSync(dir, { recursive: true, force: true });
    try {
      git(root, 'worktree', 'prune');
    } catch {
      // Nothing to prune.
    }
  };
  process.once('exit', remove);
  try {
    log(`checking out ${ref} (${commit.slice(0, 7)}) in ${tree}…`);
    git(root, 'worktree', 'add', '--detach', tree, commit);
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
    log(`building ${commit.slice(0, 7)} (bin/build.mjs)…`);
    execFileSync(process.execPath, ['bin/build.mjs'], { cwd: tree, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (e) {
    remove();
    throw e;
  }
  return { label: commit.slice(0, 7), root: tree, commit, remove };
}
