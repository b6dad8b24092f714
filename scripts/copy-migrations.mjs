// The compiled server reads its SQL migrations beside itself (dist/server/db/migrations).
import { cpSync } from 'node:fs';

cpSync('src/server/db/migrations', 'dist/server/db/migrations', { recursive: true });
