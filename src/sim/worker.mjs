// Worker-thread entry: workers do not inherit a programmatic tsx registration, so register it here, then load the
// TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker-main.ts');
