import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where screenshots, received mail and the server's data folder go; kept after the run. */
export const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');
export const mailDir = path.join(artifacts, 'mail');

/** The administrator the test server creates at start. */
export const ADMIN = { email: 'admin@e2e.test', password: 'admin-password-e2e' };
