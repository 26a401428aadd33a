import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { localStorage } from '../integrations/storage/storage.adapter';
import { openDatabase } from './client';
import { DEMO, seedDemo } from './seed';
import { DEMO_SEED_COUNTER } from './seed-demo';

const config = loadConfig();
const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
await handle.migrate();
const started = performance.now();
const { created, upgraded } = await seedDemo(handle.db, { storage: localStorage(config.uploadsDir) });
const ms = Math.round(performance.now() - started);
console.log(created ? 'Demo business created.' : upgraded ? 'Demo business present; given its active demo plan.' : 'Demo business already present.');
const [sample] = (
  (await handle.db.execute(sql`select
    (select count(*) from customers c where c.tenant_id = t.id)::int as customers,
    (select count(*) from bookings b where b.tenant_id = t.id)::int as bookings,
    (select count(*) from orders o where o.tenant_id = t.id)::int as orders,
    (select count(*) from transactions x where x.tenant_id = t.id)::int as payments,
    (select value from tenant_counters k where k.tenant_id = t.id and k.name = ${DEMO_SEED_COUNTER}) as through,
    (select count(*) from store_gallery g where g.tenant_id = t.id)::int as pictures,
    (select count(*) from store_pages p where p.tenant_id = t.id)::int as pages,
    (select coalesce(sum(v.visits), 0) from store_visits v where v.tenant_id = t.id)::int as visits
    from tenants t where t.subdomain = ${DEMO.subdomain}`)) as unknown as { rows: Record<string, unknown>[] }
).rows;
if (sample) {
  const through = String(sample.through ?? '');
  const date = through.length === 8 ? `${through.slice(0, 4)}-${through.slice(4, 6)}-${through.slice(6)}` : 'not seeded';
  console.log(`Sample month: ${sample.customers} customers, ${sample.bookings} bookings, ${sample.orders} orders, ${sample.payments} payments, through ${date} (${ms} ms).`);
  console.log(`Store: /s/${DEMO.subdomain}, ${sample.pictures} gallery pictures, ${sample.pages} pages, ${sample.visits} visits over the last 60 days.`);
}
console.log(`Sign in: ${DEMO.email} / ${DEMO.password}`);
// The server gives the support account a fresh password at every start (or SUPPORT_PASSWORD) and prints it.
console.log(`Support (platform operator): ${DEMO.supportEmail}; its password is printed when the server starts`);
await handle.close();
