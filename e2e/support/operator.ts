/**
 * The platform operator's password on the e2e server, passed as SUPPORT_PASSWORD (a real server
 * gives the support account a fresh random password at every start and prints it).
 */
export const SUPPORT_PASSWORD = 'Operator@e2e-2026';
