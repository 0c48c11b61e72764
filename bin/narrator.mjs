#!/usr/bin/env node
// Launcher: runs the TypeScript CLI through tsx's loader so `npx narrator` works without a build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
