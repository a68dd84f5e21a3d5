// The first-screen worker's entry (web.ssr.ts): a worker thread of Node 20 does not take the main
// thread's TypeScript loader, so it registers tsx for itself, then loads the worker proper.
import { register } from 'tsx/esm/api';

register();
await import('./web.ssr-worker.ts');
