-- dash_add and dash_day, which every dashboard trigger calls for each row it counts, were written in
-- SQL. PostgreSQL plans a SQL function that cannot be inlined afresh each time the statement that
-- calls it runs, and a trigger's statements run once per row: each booking planned the same small
-- insert and look-up several times over (about three quarters of what the orders trigger cost).
-- In PL/pgSQL their statements are planned once per connection and kept. Same arguments, same
-- effect: a change of zero is still not written.
CREATE OR REPLACE FUNCTION dash_day(t uuid, at timestamptz) RETURNS date
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (at AT TIME ZONE coalesce((SELECT timezone FROM tenants WHERE id = t), 'UTC'))::date;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dash_add(t uuid, branch uuid, m text, d date, k text, amt bigint, n bigint) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF amt <> 0 OR n <> 0 THEN
    INSERT INTO dashboard_counts (tenant_id, branch_key, metric, day, key, amount, count)
    VALUES (t, coalesce(branch, '00000000-0000-0000-0000-000000000000'::uuid), m, d, k, amt, n);
  END IF;
END $$;
