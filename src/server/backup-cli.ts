import { ConfigError, loadConfig } from './config.js';
import { BackupError, backupDatabase, defaultBackupFile, restoreDatabase } from './db/backup.js';
import { DataDirInUseError } from './db/data-dir-lock.js';

// npm run db:backup [-- file]  ·  npm run db:restore -- file [--force]
// Uses the same configuration as the server (DATABASE_URL or DATA_DIR).

process.umask(0o077); // backups and restored databases are the owner's alone, as the server's
const [command, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const file = rest.find((arg) => !arg.startsWith('--'));

try {
  const config = loadConfig();
  if (command === 'backup') {
    const target = file ?? defaultBackupFile(config);
    await backupDatabase(config, target);
    console.log(
      `Backed up the ${config.databaseUrl ? 'PostgreSQL' : 'embedded'} database to ${target}`,
    );
  } else if (command === 'restore' && file) {
    await restoreDatabase(config, file, { force });
    console.log(
      `Restored ${file} into the ${config.databaseUrl ? 'PostgreSQL' : 'embedded'} database`,
    );
  } else {
    console.error('usage: backup-cli backup [file] | restore <file> [--force]');
    process.exit(2);
  }
} catch (error) {
  if (!(
    error instanceof ConfigError ||
    error instanceof BackupError ||
    error instanceof DataDirInUseError
  )) {
    throw error;
  }
  console.error(error.message);
  process.exit(1);
}
