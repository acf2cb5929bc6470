import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import { nowStamp } from '../../domain/clock.js';

/** A table's column names, on SQLite or PostgreSQL (none when there is no such table). */
async function columnsOf(db: Kysely<unknown>, table: string): Promise<string[]> {
  const { rows } =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}`.execute(db)
      : await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.map((r) => r.name);
}

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
  '0004_realtime': {
    async up(db: Kysely<unknown>) {
      const statements = [
        `alter table building add column mapX real not null default 0`,
        `alter table building add column mapY real not null default 0`,
        `alter table room add column planSlot integer`,
        `create table oldman (oldmanId integer primary key, orgId integer not null references org(orgId), deptId integer not null references dept(deptId),
          oldmanName text not null, oldmanIdcard text not null, sex integer not null, birthday text not null, phone text not null default '',
          oldmanStatus integer not null default 1, nursingLevel text not null default '', bedId integer references bed(bedId),
          createTime text not null, unique (orgId, oldmanIdcard))`,
        `create index oldman_bed on oldman(bedId)`,
        `create table device (deviceId integer primary key, orgId integer not null references org(orgId), deptId integer not null references dept(deptId),
          deviceCode text not null unique, deviceName text not null, kind text not null, model text not null default '',
          secretHash text not null, oldmanId integer references oldman(oldmanId), bedId integer references bed(bedId),
          opened integer not null default 1, online integer not null default 0, lastSeen integer, battery integer,
          buildingId integer, floorNo integer, lng real, lat real, createTime text not null)`,
        `create index device_org on device(orgId, kind)`,
        `create table alarmRecord (recordId integer primary key, orgId integer not null, deptId integer not null, source text not null,
          alarmType text not null, alarmTypeName text not null, severity integer not null, deviceId integer not null references device(deviceId),
          deviceCode text not null, deviceName text not null, oldmanId integer, oldmanName text, bedId integer, bedName text, roomName text,
          buildingId integer, floorNo integer, lng real, lat real, content text not null, status integer not null default 0,
          count integer not null default 1, firstTime integer not null, lastTime integer not null,
          ackBy integer, ackName text, ackTime integer, escalated integer not null default 0,
          handlerId integer, handlerName text, handleTime integer, handleNote text, ruleId integer, version integer not null default 1)`,
        `create unique index alarm_open_one on alarmRecord(deviceId, source, alarmType) where status = 0`,
        `create index alarm_org_status on alarmRecord(orgId, status, lastTime)`,
        `create table alarmComment (commentId integer primary key, recordId integer not null references alarmRecord(recordId) on delete cascade,
          userId integer not null, userName text not null, content text not null, createTime integer not null)`,
        `create table mattressAlarmRule (ruleId integer primary key, orgId integer not null, ruleName text not null, alarmType integer not null,
          status integer not null default 0, minValue integer, maxValue integer, durationSeconds integer not null default 0,
          startTime text not null default '00:00', endTime text not null default '24:00', remark text not null default '', updateTime text not null)`,
        `create table rail (railId integer primary key, orgId integer not null, railName text not null, buildingId integer not null,
          floorNo integer not null, polygon text not null, remark text not null default '', updateTime text not null)`,
        `create table pntAlarmRule (ruleId integer primary key, orgId integer not null, ruleName text not null, alarmType text not null,
          status integer not null default 1, railId integer references rail(railId) on delete set null, railTrigger text not null default 'exit',
          threshold integer, startTime text not null default '00:00', endTime text not null default '24:00',
          weekdays text not null default '1,2,3,4,5,6,7', remark text not null default '', updateTime text not null)`,
        `create table telemetryMinute (deviceId integer not null, minute integer not null, oldmanId integer, samples integer not null,
          hrSum integer not null, hrMin integer not null, hrMax integer not null, brSum integer not null, brMin integer not null,
          brMax integer not null, inBed integer not null, movements integer not null, primary key (deviceId, minute))`,
        `create index telemetry_oldman on telemetryMinute(oldmanId, minute)`,
        `create table callRecord (callId integer primary key, orgId integer not null, deptId integer not null, deviceId integer not null,
          model text not null, oldmanId integer, oldmanName text, bedId integer, bedName text, roomName text, callTime integer not null,
          answerTime integer, clearTime integer, callStatus integer not null default 2, connect integer, dealType integer,
          realtime integer not null default 1)`,
        `create index call_org on callRecord(orgId, callTime)`,
        `create table callDealType (dealType integer primary key, orgId integer not null, dealTypeName text not null)`,
        `create table userBuilding (userId integer primary key, buildingId integer not null)`,
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  },
  '0005_emp_head_image': {
    async up(db: Kysely<unknown>) {
      // The staff member's avatar (个人信息), a path under /files/images/ from the upload route.
      await sql.raw(`alter table emp add column headImage text not null default ''`).execute(db);
    },
  },
  '0006_elder_records': {
    async up(db: Kysely<unknown>) {
      // The elder's profile columns, family members and the other resource tables are created from
      // their definitions (server/resources/engine.ts syncResourceTables); these are the side tables.
      const statements = [
        `create table oldmanModify (modifyId integer primary key, oldmanId integer not null, section text not null,
          changes text not null, userId integer not null, userName text not null, createTime text not null)`,
        `create index oldmanModify_oldman on oldmanModify(oldmanId)`,
        `create table oldmanFile (fileId integer primary key, orgId integer not null, oldmanId integer not null,
          fileName text not null, urlPath text not null, fileSizeB integer not null default 0, createTime text not null,
          createBy integer)`,
        `create index oldmanFile_oldman on oldmanFile(oldmanId)`,
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  },
  '0007_residence': {
    async up(db: Kysely<unknown>) {
      // A bed holds at most one elder, whatever the code does (docs/decisions.md "Residence"). An
      // older database may hold a duplicate: the later elder loses the bed before the index is made.
      const statements = [
        `update oldman set bedId = null where bedId is not null and exists
          (select 1 from oldman o where o.bedId = oldman.bedId and o.oldmanId < oldman.oldmanId)`,
        `create unique index oldman_bed_one on oldman(bedId) where bedId is not null`,
        `create table liveRecord (recordId integer primary key, orgId integer not null, oldmanId integer not null,
          deptId integer not null, eventType text not null, eventName text not null, fromStatus integer, toStatus integer,
          fromBedId integer, toBedId integer, fromBedName text, toBedName text, changeDate text not null,
          note text not null default '', userId integer, userName text not null default '', createTime text not null)`,
        `create index liveRecord_oldman on liveRecord(oldmanId, recordId)`,
        `create table roomMapConfig (id integer primary key, orgId integer not null, type integer not null,
          statusId integer not null, statusName text not null, color text not null, sort integer not null default 0,
          updateTime text not null, unique (orgId, type, statusId))`,
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  },
  '0008_family_invitation': {
    async up(db: Kysely<unknown>) {
      // A family member invited to follow an elder in the family app: a code sent by SMS, valid 7 days.
      await sql
        .raw(
          `create table familyInvitation (invitationId integer primary key, orgId integer not null, oldmanId integer not null,
            familyId integer not null, phone text not null, code text not null, expiresAt integer not null,
            acceptedAt integer, createBy integer, createTime text not null)`,
        )
        .execute(db);
      await sql.raw('create index familyInvitation_oldman on familyInvitation(oldmanId)').execute(db);
    },
  },
  '0009_ledger': {
    async up(db: Kysely<unknown>) {
      // The money book (domain/ledger.ts): accounts with a running balance, trades, and their lines.
      const statements = [
        `create table ledgerAccount (accountId integer primary key, orgId integer not null, ownerType text not null,
          ownerId integer not null, kind text not null, sub text not null default '', balanceFen integer not null default 0,
          unique (orgId, ownerType, ownerId, kind, sub))`,
        `create table ledgerTx (txId integer primary key, orgId integer not null, txType text not null,
          tradeType integer, payWay text, oldmanId integer, memo text not null default '', refType text, refId integer,
          reversesTxId integer, reversedByTxId integer, operatorId integer, operatorName text not null default '',
          createTime text not null)`,
        'create index ledgerTx_org on ledgerTx(orgId, createTime)',
        'create index ledgerTx_oldman on ledgerTx(oldmanId, tradeType)',
        'create index ledgerTx_ref on ledgerTx(refType, refId)',
        `create table ledgerEntry (entryId integer primary key, txId integer not null references ledgerTx(txId),
          accountId integer not null references ledgerAccount(accountId), amountFen integer not null,
          balanceAfterFen integer not null)`,
        'create index ledgerEntry_account on ledgerEntry(accountId, entryId)',
        'create index ledgerEntry_tx on ledgerEntry(txId)',
        // Receipts: every trade that takes or returns money gets a number (SJ + date + sequence).
        'alter table ledgerTx add column receiptNo text',
        'create unique index ledgerTx_receipt on ledgerTx(orgId, receiptNo) where receiptNo is not null',
        // An elder's monthly bill (billStatus: 0 待缴费, 1 已缴费, 2 已结算, 3 已作废) and its lines.
        `create table bill (billId integer primary key, orgId integer not null, deptId integer not null,
          oldmanId integer not null, billMonth text not null, billStatus integer not null default 0,
          totalFen integer not null, discountFen integer not null default 0, payableFen integer not null,
          chargeTxId integer not null, payTxId integer, payWay integer, payTime text, settleId integer,
          remark text not null default '', createBy integer, createTime text not null)`,
        'create unique index bill_month on bill(orgId, oldmanId, billMonth) where billStatus <> 3',
        'create index bill_status on bill(orgId, billStatus, billMonth)',
        `create table billItem (itemId integer primary key, billId integer not null references bill(billId),
          projectId integer, projectName text not null, quantity integer not null, unitFen integer not null,
          days integer, amountFen integer not null, kind text not null default 'charge')`,
        'create index billItem_bill on billItem(billId)',
        // A check-out settlement (settleStatus 1 已结算, 0 已撤销) and the trade that made it.
        `create table settlement (settleId integer primary key, orgId integer not null, deptId integer not null,
          oldmanId integer not null, settleStatus integer not null, billFen integer not null, extraFen integer not null,
          prestoreFen integer not null, depositFen integer not null, medicalDepositFen integer not null,
          reservationFen integer not null, refundFen integer not null, collectFen integer not null,
          payWay integer, txId integer not null, revokeTxId integer, detail text not null default '[]',
          remark text not null default '', createBy integer, createName text not null default '', createTime text not null,
          revokeTime text)`,
        'create index settlement_oldman on settlement(orgId, oldmanId)',
        // Payment reminders sent to families (remindTemplate: 1 缴费通知, 2 欠费催缴).
        `create table payRemind (remindId integer primary key, orgId integer not null, oldmanId integer not null,
          remindTemplate integer not null, phones text not null, content text not null, amountFen integer not null,
          sendBy integer, sendName text not null default '', sendTime text not null)`,
        'create index payRemind_oldman on payRemind(orgId, oldmanId)',
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  },
  '0012_payment': {
    async up(db: Kysely<unknown>) {
      // Scanned-code payment orders (server/payment, docs/decisions.md "Payment provider"). Amounts in
      // integer fen; times in epoch ms; a client's idempotency key names one order per organisation.
      const statements = [
        `create table paymentOrder (payId text primary key, orgId integer not null, purpose text not null,
          purposeRef text, amountFen integer not null check (amountFen > 0), payWay integer not null,
          status text not null, subject text not null default '', idempotencyKey text not null,
          authCode text, codeUrl text, provider text not null, providerTradeNo text, failReason text,
          lastError text, createdBy integer, createdAt integer not null, updatedAt integer not null,
          expiresAt integer not null, paidAt integer, closedAt integer, unique (orgId, idempotencyKey))`,
        'create index paymentOrder_open on paymentOrder(status, expiresAt)',
        'create index paymentOrder_purpose on paymentOrder(orgId, purpose, purposeRef)',
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  },
  '0010_outing': {
    async up(db: Kysely<unknown>) {
      // The history of each outing (the outing itself is the oldmanOut resource table): one row per
      // workflow event and per overdue reminder, with the expected return time after it.
      const statements = [
        `create table oldmanOutRecord (recordId integer primary key, orgId integer not null, outId integer not null,
          oldmanId integer not null, deptId integer not null, eventType text not null, eventName text not null,
          fromStatus integer, toStatus integer, expectedReturnTime text, eventTime text,
          note text not null default '', userId integer, userName text not null default '', createTime text not null)`,
        'create index oldmanOutRecord_out on oldmanOutRecord(outId, eventType)',
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  },
  '0013_security': {
    async up(db: Kysely<unknown>) {
      // Issue #20: front-log rows carry who sent them and when (server time), so that posts are
      // limited per user and per address and old rows are pruned like the operation log.
      const statements = [
        'alter table frontLog add column orgId integer',
        `alter table frontLog add column ipAddress text not null default ''`,
        'alter table frontLog add column createdAt integer not null default 0',
        'create index frontLog_user on frontLog(userId, createdAt)',
        'create index frontLog_ip on frontLog(ipAddress, createdAt)',
        'create index frontLog_time on frontLog(createdAt)',
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  },
  '0014_org_archive': {
    async up(db: Kysely<unknown>) {
      // 机构档案 (docs/decisions.md "Institution archive"): floors, rooms and beds carry their
      // organisation (the resource engine scopes every row by it) and beds their room's department
      // (the data-department scope of the bed list); rooms and beds can be retired (useStatus 0) and
      // beds have a type and a monthly price that the month-end bill takes for the bed charge item.
      const statements = [
        'alter table floor add column orgId integer not null default 0',
        'update floor set orgId = (select b.orgId from building b where b.buildingId = floor.buildingId)',
        'alter table building add column remark text',
        'alter table room add column orgId integer not null default 0',
        'update room set orgId = (select f.orgId from floor f where f.floorId = room.floorId)',
        'alter table room add column useStatus integer not null default 1',
        'alter table room add column remark text',
        'alter table bed add column orgId integer not null default 0',
        'alter table bed add column deptId integer not null default 0',
        `update bed set orgId = (select r.orgId from room r where r.roomId = bed.roomId),
          deptId = (select r.deptId from room r where r.roomId = bed.roomId)`,
        'alter table bed add column useStatus integer not null default 1',
        'alter table bed add column bedType integer',
        'alter table bed add column price integer',
        'alter table bed add column remark text',
        'create index room_floor on room(floorId)',
        'create index bed_room on bed(roomId)',
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  },
  '0015_care_vitals': {
    async up(db: Kysely<unknown>) {
      // A hand-entered vital sign raises an alarm without a device (docs/decisions.md "Care: vital
      // signs and meals"): alarmRecord.deviceId becomes nullable. SQLite cannot drop NOT NULL, so the
      // table is rebuilt; its comments are kept aside meanwhile so the cascade does not delete them.
      const statements = [
        `create table alarmRecord_new (recordId integer primary key, orgId integer not null, deptId integer not null, source text not null,
          alarmType text not null, alarmTypeName text not null, severity integer not null, deviceId integer references device(deviceId),
          deviceCode text not null, deviceName text not null, oldmanId integer, oldmanName text, bedId integer, bedName text, roomName text,
          buildingId integer, floorNo integer, lng real, lat real, content text not null, status integer not null default 0,
          count integer not null default 1, firstTime integer not null, lastTime integer not null,
          ackBy integer, ackName text, ackTime integer, escalated integer not null default 0,
          handlerId integer, handlerName text, handleTime integer, handleNote text, ruleId integer, version integer not null default 1)`,
        `insert into alarmRecord_new select recordId, orgId, deptId, source, alarmType, alarmTypeName, severity, deviceId,
          deviceCode, deviceName, oldmanId, oldmanName, bedId, bedName, roomName, buildingId, floorNo, lng, lat, content, status,
          count, firstTime, lastTime, ackBy, ackName, ackTime, escalated, handlerId, handlerName, handleTime, handleNote, ruleId, version
          from alarmRecord`,
        'create table alarmComment_keep as select * from alarmComment',
        'drop table alarmComment',
        'drop table alarmRecord',
        'alter table alarmRecord_new rename to alarmRecord',
        `create table alarmComment (commentId integer primary key, recordId integer not null references alarmRecord(recordId) on delete cascade,
          userId integer not null, userName text not null, content text not null, createTime integer not null)`,
        `insert into alarmComment select commentId, recordId, userId, userName, content, createTime from alarmComment_keep`,
        'drop table alarmComment_keep',
        'create unique index alarm_open_one on alarmRecord(deviceId, source, alarmType) where status = 0',
        // one open alarm per elder and kind of reading
        `create unique index alarm_open_sign on alarmRecord(oldmanId, source, alarmType) where status = 0 and deviceId is null`,
        'create index alarm_org_status on alarmRecord(orgId, status, lastTime)',
        // 护理等级 changes, so a month's bill charges each day at the level and fee of that day
        `create table careLevelFeeChange (changeId integer primary key, orgId integer not null, levelId integer not null,
          levelName text not null, oldFee integer not null, newFee integer not null, effectiveDate text not null,
          createTime text not null, createBy integer)`,
        'create index careLevelFeeChange_level on careLevelFeeChange(orgId, levelName, effectiveDate)',
        `create table elderLevelChange (changeId integer primary key, orgId integer not null, oldmanId integer not null,
          oldLevel text not null, newLevel text not null, effectiveDate text not null, createTime text not null, createBy integer)`,
        'create index elderLevelChange_elder on elderLevelChange(oldmanId, effectiveDate)',
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  },
  '0016_instance': {
    async up(db: Kysely<unknown>) {
      // Facts about this installation as a whole: how it was first set up (server/db/instance.ts).
      await sql`create table instance (key text primary key, value text not null)`.execute(db);
    },
  },
  '0017_rate_limit_hits': {
    async up(db: Kysely<unknown>) {
      // Rate limits shared by several server nodes (server/http/rateStore.ts).
      await sql`create table rateLimitHit (bucket text primary key, windowStart integer not null, hits integer not null)`.execute(
        db,
      );
    },
  },
  '0018_one_care_level': {
    async up(db: Kysely<unknown>) {
      // One care level, the elder's (docs/decisions.md "One care level, the elder's, dated"): a dated
      // change also carries the 能力等级 and the assessment it was adopted from, and a 修改记录 row
      // may say where it came from. Written to run again over a database that has part of it.
      const add: [string, string, string][] = [
        ['elderLevelChange', 'oldAbility', 'integer'],
        ['elderLevelChange', 'newAbility', 'integer'],
        ['elderLevelChange', 'assessmentId', 'integer'],
        ['oldmanModify', 'note', `text not null default ''`],
      ];
      for (const [table, column, type] of add)
        if (!(await columnsOf(db, table)).includes(column))
          await sql.raw(`alter table ${table} add column ${column} ${type}`).execute(db);
      // The care plan kept a level of its own (nursingPlan.levelId, a column of the resource engine's
      // table, absent from a new database). Where it disagreed with the profile's, the profile's stays
      // (the bills read it) and the elder's 修改记录 says what the plan had said, so nothing is lost
      // without a word; then the plan's column goes.
      if ((await columnsOf(db, 'nursingPlan')).includes('levelId')) {
        const { rows } = await sql<{
          oldmanId: number;
          planName: string;
          levelName: string;
          nursingLevel: string | null;
        }>`select p.oldmanId, p.planName, l.levelName, o.nursingLevel from nursingPlan p
          join careLevel l on l.levelId = p.levelId join oldman o on o.oldmanId = p.oldmanId
          where coalesce(o.nursingLevel, '') <> l.levelName order by p.planId`.execute(db);
        const stamp = nowStamp();
        for (const r of rows)
          await sql`insert into oldmanModify (oldmanId, section, changes, userId, userName, createTime, note)
            values (${r.oldmanId}, '护理计划', '[]', 0, '系统升级', ${stamp},
              ${`护理计划“${r.planName}”记载的护理等级为${r.levelName}，与档案的${r.nursingLevel || '（未设置）'}不一致。护理等级此后只记在长者档案中（计费依据），护理计划显示档案的等级；如需调整，请做能力评估后“采纳建议”。`})`.execute(
            db,
          );
        await sql`alter table nursingPlan drop column levelId`.execute(db);
      }
    },
  },
  '0019_wall_session': {
    async up(db: Kysely<unknown>) {
      // The wall's own session (docs/decisions.md "The wall read from 3 m", issue #38 point 7): a
      // session's kind ('console' or 'wall'), and for a wall session the console session it was
      // opened from (its token's hash), whose sign-out ends it too. Written to run again.
      const columns = await columnsOf(db, 'session');
      if (!columns.includes('kind'))
        await sql.raw(`alter table session add column kind text not null default 'console'`).execute(db);
      if (!columns.includes('origin'))
        await sql.raw(`alter table session add column origin text`).execute(db);
    },
  },
  '0020_role_presets_for_existing_homes': {
    async up(db: Kysely<unknown>) {
      // The role presets (issue #37 point 8) are seeded with a new home; a home set up before them gets
      // them once, unassigned, at its next start (addPendingRolePresets in server/db/seed.ts: it needs
      // the menu tree, which migrations do not load). This leaves the note of that pending step; a new
      // database (no institution yet) needs none.
      await sql`create table if not exists startupStep (name text primary key)`.execute(db);
      const homes = await sql<{ n: number }>`select count(*) as n from org`.execute(db);
      if (Number(homes.rows[0]?.n ?? 0) > 0)
        await sql`insert into startupStep (name) values ('rolePresets') on conflict do nothing`.execute(db);
    },
  },
  '0021_medication_round': {
    async up(db: Kysely<unknown>) {
      // 今日用药 (issue #42 point 3, docs/decisions.md "The medication round"): what was done with each
      // due dose of 用药设置 — one row per schedule, day and time, made by the first 服药, 拒服 or
      // 暂停 (待服 is a dose without a row). A given dose names its 用药记录 (useIds: the custody
      // records it drew on, oldest expiry first) and keeps the schedule's dose of that moment, so a
      // dose differing from the setting stays visible after the setting changes.
      await sql`create table if not exists drugRoundDose (doseId integer primary key, orgId integer not null,
        deptId integer not null, setId integer not null, oldmanId integer not null, drugId integer not null,
        roundDate text not null, slot text not null, doseState integer not null, plannedQuantity integer not null,
        quantity integer, useIds text not null default '', reason text, remark text not null default '',
        doneTime text not null, doneByName text not null default '', createTime text not null,
        updateTime text not null, createBy integer, unique (setId, roundDate, slot))`.execute(db);
      await sql`create index if not exists drugRoundDose_day on drugRoundDose(orgId, roundDate, deptId)`.execute(
        db,
      );
    },
  },
  '0022_tester_role_preset': {
    async up(db: Kysely<unknown>) {
      // The 测试员 preset (issue #41) came after 0020's step had run in existing homes: this notes a step
      // for that one preset (addPendingRolePresets adds only the presets a step names, so a preset an
      // administrator deleted since does not come back). A new database needs none.
      await sql`create table if not exists startupStep (name text primary key)`.execute(db);
      const homes = await sql<{ n: number }>`select count(*) as n from org`.execute(db);
      if (Number(homes.rows[0]?.n ?? 0) > 0)
        await sql`insert into startupStep (name) values ('rolePresets:测试员') on conflict do nothing`.execute(
          db,
        );
    },
  },
  '0023_workbench_landing_for_existing_homes': {
    async up(db: Kysely<unknown>) {
      // 工作台 is the landing page (issue #37 point 8), but only a new home's loginPageConfig said so
      // (configDefaults): a home set up before kept the blank mainFirstUrl of its day, the welcome view.
      // Blank was the only value those homes were given, so it becomes /home once; an address a home
      // chose stays, and a home that wants the welcome back clears it in 系统设置. Runs again harmlessly.
      const { rows } = await sql<{ orgId: number; value: string }>`select orgId, value from configEntry
        where configKey = 'loginPageConfig'`.execute(db);
      for (const row of rows) {
        const value = JSON.parse(row.value) as { mainFirstUrl?: string };
        if (value.mainFirstUrl) continue;
        await sql`update configEntry set value = ${JSON.stringify({ ...value, mainFirstUrl: '/home' })}
          where orgId = ${row.orgId} and configKey = 'loginPageConfig'`.execute(db);
      }
    },
  },
  '0024_medication_round_for_preset_roles': {
    async up(db: Kysely<unknown>) {
      // 今日用药 (0021) joined the 护士 preset, but a home's 护士 made before it (from the preset, or
      // seeded under that name without 药品管理) did not get it: syncMenus gives a new screen only to
      // roles holding its group. This notes the step that gives it, at the next start, to each role
      // named like a preset that has it (addPendingRolePresets in server/db/seed.ts: it needs the menu
      // tree). A new database (no institution yet) is seeded with the presets as they are.
      await sql`create table if not exists startupStep (name text primary key)`.execute(db);
      const homes = await sql<{ n: number }>`select count(*) as n from org`.execute(db);
      if (Number(homes.rows[0]?.n ?? 0) > 0)
        await sql`insert into startupStep (name) values ('presetScreen:drug:round') on conflict do nothing`.execute(
          db,
        );
    },
  },
  '0025_call_alarm': {
    async up(db: Kysely<unknown>) {
      // A call nobody answers becomes an alarm record (issue #38 point 3, docs/decisions.md): the call
      // names its alarm, so each pass of the rules engine raises it once and an answer at the bed closes
      // it. The calls waiting at the upgrade (a button whose clear was lost, a simulator stopped mid-call)
      // are settled without one (0): the first pass would otherwise ring for calls of last week. The
      // partial index holds only the waiting calls, which that pass reads every few seconds. Runs again.
      if (!(await columnsOf(db, 'callRecord')).includes('alarmRecordId'))
        await sql.raw('alter table callRecord add column alarmRecordId integer').execute(db);
      await sql`update callRecord set alarmRecordId = 0
        where alarmRecordId is null and answerTime is null and clearTime is null`.execute(db);
      await sql`create index if not exists call_waiting on callRecord(orgId, callTime)
        where answerTime is null and clearTime is null and alarmRecordId is null`.execute(db);
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations this server knows, in order (a restore refuses a backup from a newer server). */
export const migrationNames = Object.keys(migrations).sort();

/** The migrations a database has not had yet; none on a database that has had none (a new one). */
export async function pendingMigrations(db: Kysely<unknown>): Promise<string[]> {
  const all = await new Migrator({ db, provider }).getMigrations();
  if (!all.some((m) => m.executedAt)) return [];
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration failed: ${failed?.migrationName ?? ''} ${String(error)}`);
}
