import { enableCompileCache } from 'node:module';

// The server's entry: Node keeps the compiled code of the server's ~1,500 modules on disk (in
// the system's temporary directory, keyed by Node's version and each file's contents), so that
// a start after the first one skips compiling them (issue 38, P5). The modules load after it,
// from serve.ts: a static import would be loaded before this line runs.
enableCompileCache();
await import('./serve.js');
