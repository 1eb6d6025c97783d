// PostgreSQL v1: the tenancy core (labs, institute-wide users, lab members with their role,
// sessions with their current lab) and the audit log. Frozen once shipped: never edited, and it
// calls no application code (src/main/db/README.md). Columns and meanings follow lab.db's tables
// of the same names; times are the same UTC text as there ("2026-12-07T15:20:22.123Z"), because
// the stores' interfaces take and answer that text (docs/postgres.md); byte order ("C") is time
// order whatever the database's collation.
import type { PgMigration } from '../../pg/migrate';

const NOW = `to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The current lab of the transaction (set_config('app.lab_id', …, true) by the unit of work);
// NULL when none is set, so a policy on it matches no row.
const CURRENT_LAB = `
  CREATE FUNCTION app_current_lab() RETURNS integer LANGUAGE sql STABLE
    AS $$ SELECT NULLIF(current_setting('app.lab_id', true), '')::integer $$;
  REVOKE ALL ON FUNCTION app_current_lab() FROM PUBLIC`;

// Institute tables: a lab, and a person's account (one username across the institute, case-folded
// like lab.db's COLLATE NOCASE: ASCII only).
const INSTITUTE = `
  CREATE TABLE labs (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL CHECK (name <> ''),
    created_at text COLLATE "C" NOT NULL DEFAULT ${NOW}
  );
  CREATE UNIQUE INDEX labs_name ON labs (lower(name));
  CREATE TABLE users (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    username text NOT NULL,
    display_name text NOT NULL,
    display_name_sort text NOT NULL DEFAULT '',
    password_hash text NOT NULL,
    institute_admin boolean NOT NULL DEFAULT false,
    created_at text COLLATE "C" NOT NULL DEFAULT ${NOW},
    updated_at text COLLATE "C" NOT NULL DEFAULT ${NOW}
  );
  CREATE UNIQUE INDEX users_username ON users (lower(username COLLATE "C"));
  CREATE INDEX users_display_name_sort ON users (display_name_sort)`;

// Who belongs to a lab with which role, and whether that membership is active (lab-owned); a
// login, which names the lab it is in (the institute's: it is read to find the lab); the lab's
// audit log (lab-owned). lab_id defaults to the current lab.
const LABS_AND_LOGINS = `
  CREATE TABLE lab_members (
    lab_id integer NOT NULL DEFAULT app_current_lab() REFERENCES labs(id),
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role text NOT NULL CHECK (role IN ('admin','member','public')),
    active integer NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    PRIMARY KEY (lab_id, user_id)
  );
  CREATE INDEX lab_members_user ON lab_members (user_id);
  CREATE TABLE sessions (
    token_hash text PRIMARY KEY,
    user_id integer NOT NULL,
    lab_id integer NOT NULL DEFAULT app_current_lab(),
    created_at text COLLATE "C" NOT NULL,
    last_seen_at text COLLATE "C" NOT NULL,
    expires_at text COLLATE "C" NOT NULL,
    FOREIGN KEY (lab_id, user_id) REFERENCES lab_members (lab_id, user_id) ON DELETE CASCADE
  );
  CREATE INDEX sessions_user ON sessions (user_id);
  CREATE INDEX sessions_lab ON sessions (lab_id);
  CREATE TABLE audit_log (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    lab_id integer NOT NULL DEFAULT app_current_lab() REFERENCES labs(id),
    at text COLLATE "C" NOT NULL DEFAULT ${NOW},
    user_id integer REFERENCES users(id),
    entity_type text NOT NULL,
    entity_id integer NOT NULL,
    action text NOT NULL,
    changes text NOT NULL DEFAULT '{}'
  );
  CREATE INDEX audit_entity ON audit_log (lab_id, entity_type, entity_id, id)`;

/** Row-level security on a lab-owned table: only the current lab's rows, read or written. */
const labPolicy = (table: string) => `
  ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
  ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;
  CREATE POLICY ${table}_lab ON ${table} USING (lab_id = app_current_lab()) WITH CHECK (lab_id = app_current_lab())`;

// The application role gets what the stores do and no more: the audit log is only added to.
const grants = (app: string) => `
  GRANT USAGE ON SCHEMA public TO ${app};
  GRANT EXECUTE ON FUNCTION app_current_lab() TO ${app};
  GRANT SELECT, INSERT, UPDATE ON labs, users, lab_members TO ${app};
  GRANT SELECT, INSERT, UPDATE, DELETE ON sessions TO ${app};
  GRANT SELECT, INSERT ON audit_log TO ${app}`;

export const v001: PgMigration = {
  version: 1,
  description: 'labs, users, lab members, sessions, audit log; row-level security by lab',
  async up(sql, { appRole }) {
    for (const text of [CURRENT_LAB, INSTITUTE, LABS_AND_LOGINS, labPolicy('lab_members'), labPolicy('audit_log'), grants(appRole)]) await sql.run(text);
  },
};
