-- The gateway's two database roles (least privilege), run by init-roles.sh as the
-- superuser, connected to the gateway's database, with psql variables db, owner, owner_password,
-- app and app_password. Idempotent.
--
-- owner: LOGIN, no other attribute. Owns the database, the schema `public` and every object in it:
--        `gw migrate` connects as this role (migrations are DDL).
-- app:   LOGIN, no other attribute. May connect, and SELECT, INSERT, UPDATE and DELETE rows of every
--        table, and use every sequence, of `public`, including what later migrations create
--        (default privileges of the owner). No CREATE, ALTER, DROP, TRUNCATE, REFERENCES or
--        TRIGGER, no temporary tables. The api, the worker, the ops console and the operator CLI
--        connect as this role (docker-compose.yml). Advisory locks need no privilege.

-- Roles: created when missing; attributes and password (re)set every run.
SELECT format('CREATE ROLE %I', :'owner') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'owner') \gexec
SELECT format('CREATE ROLE %I', :'app') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'app') \gexec
ALTER ROLE :"owner" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT PASSWORD :'owner_password';
ALTER ROLE :"app" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT PASSWORD :'app_password';

-- The database and its schema belong to the owner; nobody else may connect or create in it.
ALTER DATABASE :"db" OWNER TO :"owner";
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"db" TO :"app";
ALTER SCHEMA public OWNER TO :"owner";
REVOKE ALL ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO :"app";

-- A database that already has tables (migrated by the superuser before this role split): hand
-- every object of `public` to the owner. Sequences owned by a table follow their table.
SELECT format('ALTER %s public.%I OWNER TO %I',
              CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
              c.relname, :'owner')
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
   AND pg_get_userbyid(c.relowner) <> :'owner' \gexec
SELECT format('ALTER SEQUENCE public.%I OWNER TO %I', c.relname, :'owner')
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public' AND c.relkind = 'S' AND pg_get_userbyid(c.relowner) <> :'owner'
   AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')) \gexec
SELECT format('ALTER TYPE public.%I OWNER TO %I', t.typname, :'owner')
  FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
 WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'c', 'r') AND pg_get_userbyid(t.typowner) <> :'owner'
   AND (t.typtype <> 'c' OR EXISTS (SELECT 1 FROM pg_class c WHERE c.oid = t.typrelid AND c.relkind = 'c')) \gexec
SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, :'owner')
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
 WHERE n.nspname = 'public' AND pg_get_userbyid(p.proowner) <> :'owner' \gexec

-- The app role's rights on what exists now...
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM :"app";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app";
-- ...and on every table and sequence the owner creates later (the next migrations).
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO :"app";
