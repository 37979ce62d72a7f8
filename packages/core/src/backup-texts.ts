/** A time as the dashboard prints it, the same on the server and in the browser: "2026-11-27 10:15 UTC". */
function utc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export const backupTexts = {
  lastOk: (at: string) => `Last backup: ${utc(at)}.`,
  none: 'No backup has been written yet.',
  failed: (at: string, error: string) => `Backup failed: ${utc(at)}: ${error}`,
  failedHint: 'See the server log, and run npm run backup once the cause is fixed.',
};

/**
 * The dashboard's backup notice: a failure since the last good backup comes first (an alert),
 * else when the last one was written.
 */
export function backupNotice(backup: {
  lastOkAt: string | null;
  failedAt: string | null;
  error: string | null;
}): {
  tone: 'ok' | 'failed';
  text: string;
} {
  if (backup.failedAt) {
    return { tone: 'failed', text: backupTexts.failed(backup.failedAt, backup.error ?? 'unknown error') };
  }
  return { tone: 'ok', text: backup.lastOkAt ? backupTexts.lastOk(backup.lastOkAt) : backupTexts.none };
}
