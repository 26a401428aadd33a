import { loadConfig } from '../config';
import { openDatabase } from './client';
import { DEMO, seedDemo } from './seed';

const config = loadConfig();
const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
await handle.migrate();
const { created, upgraded } = await seedDemo(handle.db);
console.log(created ? 'Demo business created.' : upgraded ? 'Demo business present; given its active demo plan.' : 'Demo business already present.');
console.log(`Sign in: ${DEMO.email} / ${DEMO.password}`);
// The server gives the support account a fresh password at every start (or SUPPORT_PASSWORD) and prints it.
console.log(`Support (platform operator): ${DEMO.supportEmail}; its password is printed when the server starts`);
await handle.close();
