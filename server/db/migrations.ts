import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';

/** Migrations in code, so the built server needs no migration folder on disk. Append, never edit. */
const migrations: Record<string, Migration> = {
  '0001_foundation': {
    async up(db: Kysely<unknown>) {
      const statements = [
        `create table org (orgId integer primary key, orgName text not null, orgLevel integer not null, orgCode text not null unique,
          orgStatus integer not null default 0, parentId integer not null default 0, source text not null default '', address text not null default '',
          phone text not null default '', qualifications text not null default '[]')`,
        `create table dept (deptId integer primary key, orgId integer not null references org(orgId), parentId integer not null default 0,
          deptName text not null, deptLevel integer not null, deptType text not null, deptKey text not null, ward integer not null default 0,
          inpatient integer not null default 0, outpatient integer not null default 0, unique (orgId, deptName))`,
        `create table job (jobId integer primary key, orgId integer not null, jobName text not null, jobTypeCode text not null, jobTypeName text not null)`,
        `create table emp (empId integer primary key, orgId integer not null, deptId integer not null references dept(deptId), empName text not null,
          empType text not null, phoneNum text not null, sex integer not null, status integer not null default 0, msgAuth integer not null default 1,
          language text not null default 'zh-CN', jobIds text not null default '', nursingLevel text)`,
        `create table users (userId integer primary key, orgId integer not null, empId integer not null references emp(empId),
          loginName text not null unique, passwordHash text not null, phoneNum text not null, isAdmin integer not null default 0,
          status integer not null default 0, resetPassword integer not null default 0, keyVersion integer not null default 1,
          lastLoginTime text, createdAt text not null)`,
        `create index users_phone on users(phoneNum)`,
        `create table role (roleId integer primary key, orgId integer not null, name text not null, remark text not null default '', unique(orgId, name))`,
        `create table roleAuthority (roleId integer not null references role(roleId) on delete cascade, code text not null, primary key (roleId, code))`,
        `create table userRole (userId integer not null references users(userId) on delete cascade, roleId integer not null references role(roleId), primary key (userId, roleId))`,
        `create table userDataDept (userId integer not null references users(userId) on delete cascade, deptId integer not null references dept(deptId), primary key (userId, deptId))`,
        `create table landingEnd (landingEndId integer primary key, deviceType text not null, landingEndCode text not null unique, landingEndName text not null)`,
        `create table menu (menuId integer primary key, landingEndId integer not null references landingEnd(landingEndId), parentId integer not null default 0,
          menuType text not null, menuName text not null, code text not null, routePath text not null default '', icon text not null default '',
          menuLink text not null default '', sort integer not null default 0, isButton integer not null default 0)`,
        `create table session (tokenHash text primary key, userId integer not null references users(userId) on delete cascade, createdAt integer not null,
          lastSeenAt integer not null, endedCode integer, keyVersion integer not null, selectedDeptId integer, ipAddress text not null default '')`,
        `create index session_user on session(userId)`,
        `create table loginFailure (loginName text primary key, failures integer not null, lastAt integer not null)`,
        `create table photoCode (verifyStr text primary key, code text not null, expiresAt integer not null)`,
        `create table smsCode (phoneNum text primary key, code text not null, expiresAt integer not null, attempts integer not null default 0)`,
        `create table configEntry (orgId integer not null, configKey text not null, value text not null, primary key (orgId, configKey))`,
        `create table dictionary (dictionaryId integer primary key, orgId integer not null, dictionaryCode text not null, dictionaryName text not null,
          remark text not null default '', sort integer not null default 0, unique(orgId, dictionaryCode))`,
        `create table dictionaryValue (valueId integer primary key, dictionaryId integer not null references dictionary(dictionaryId) on delete cascade,
          valueCode text not null, valueName text not null, sort integer not null default 0, unique(dictionaryId, valueCode))`,
        `create table operationLog (logId integer primary key, orgId integer not null, userId integer, userName text not null, operationType text not null,
          operationName text not null, method text not null, path text not null, params text not null, ipAddress text not null, source text not null,
          createTime text not null)`,
        `create index operationLog_time on operationLog(orgId, createTime)`,
        `create table frontLog (id integer primary key, userId integer, type text not null, message text not null, pageUrl text not null,
          ajaxUrl text not null, parms text not null, datetime text not null, ts integer not null)`,
        `create table storedFile (fileId integer primary key, orgId integer not null, fileName text not null unique, sourceFileName text not null,
          relPath text not null, mime text not null, fileSizeB integer not null, createdAt text not null)`,
        `create table installPackage (packageId integer primary key, orgId integer not null, packageName text not null, version text not null,
          deviceType text not null, remark text not null default '', fileName text not null, urlPath text not null, fileSizeB integer not null,
          createTime text not null)`,
        `create table versionRecord (recordId integer primary key, version text not null, content text not null, publishTime text not null)`,
        `create table versionRead (userId integer not null, recordId integer not null, primary key (userId, recordId))`,
        `create table notice (noticeId integer primary key, orgId integer not null, title text not null, content text not null, createTime text not null)`,
        `create table building (buildingId integer primary key, orgId integer not null, buildingName text not null)`,
        `create table floor (floorId integer primary key, buildingId integer not null references building(buildingId), floorName text not null, floorNo integer not null)`,
        `create table room (roomId integer primary key, floorId integer not null references floor(floorId), deptId integer not null references dept(deptId),
          roomName text not null, roomType text not null default '')`,
        `create table bed (bedId integer primary key, roomId integer not null references room(roomId), bedName text not null, bedStatus integer not null default 0)`,
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  },
  '0002_form_templates': {
    async up(db: Kysely<unknown>) {
      const statements = [
        `create table templateType (typeId integer primary key, orgId integer not null, typeName text not null, sort integer not null default 0,
          isHome integer not null default 0, unique (orgId, typeName, isHome))`,
        `create table template (templateId integer primary key, orgId integer not null, typeId integer not null references templateType(typeId),
          templateName text not null, content text not null default '', status integer not null default 1, updateTime text not null)`,
        `create table templateFile (fileId integer primary key, templateId integer not null references template(templateId) on delete cascade,
          fileName text not null, urlPath text not null)`,
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  },
  '0003_sso_marks': {
    async up(db: Kysely<unknown>) {
      await sql.raw('create table ssoNonce (nonce text primary key, usedAt integer not null)').execute(db);
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration failed: ${failed?.migrationName ?? ''} ${String(error)}`);
}
