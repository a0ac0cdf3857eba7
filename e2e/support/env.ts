import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where screenshots, axe's reports, received mail and the server's data folder go; kept after the run, emptied at
 * the start of the next. LOCI_E2E_ARTIFACTS puts them elsewhere (two runs side by side).
 */
export const artifacts = process.env.LOCI_E2E_ARTIFACTS
  ? path.resolve(process.env.LOCI_E2E_ARTIFACTS)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');
export const mailDir = path.join(artifacts, 'mail');

/** The administrator the test server creates at start. */
export const ADMIN = { email: 'admin@e2e.test', password: 'admin-password-e2e' };
