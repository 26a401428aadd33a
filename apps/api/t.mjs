import { PGlite } from '@electric-sql/pglite';
import { hash, verify } from '@node-rs/argon2';
const h = await hash('secret123'); console.log(await verify(h,'secret123'));
const t0=Date.now();
const db = new PGlite();
await db.exec(`create role app_user nologin; create table t(tenant_id uuid not null, v text); grant select,insert on t to app_user;
alter table t enable row level security; alter table t force row level security;
create policy p on t using (tenant_id = nullif(current_setting('app.tenant_id', true),'')::uuid);
insert into t values ('00000000-0000-0000-0000-000000000001','a'),('00000000-0000-0000-0000-000000000002','b');`);
console.log('boot', Date.now()-t0);
await db.transaction(async tx => { await tx.query(`select set_config('app.tenant_id','00000000-0000-0000-0000-000000000001',true)`); await tx.query('set local role app_user'); console.log((await tx.query('select * from t')).rows); });
console.log((await db.query('select current_user, count(*) from t group by 1')).rows);
const t1=Date.now(); const dump = await db.dumpDataDir('none'); console.log('dump', Date.now()-t1, dump.size);
const t2=Date.now(); const db2 = new PGlite({loadDataDir: dump}); await db2.waitReady; console.log('load', Date.now()-t2, (await db2.query('select count(*) from t')).rows);
if (db.clone) { const t3=Date.now(); const c = await db.clone(); console.log('clone', Date.now()-t3, (await c.query('select count(*) from t')).rows); }
