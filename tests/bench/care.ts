/**
 * Care figures (issue #12):
 * - a day's tasks for 1,000 elders × 10 care items, made in one transaction (target ≤ 2 s), and
 *   the same day again (nothing made twice);
 * - today's task list of the busiest floor (GET /pims/web-pi/nursing/task/today?floorId=) under 50
 *   connections, p99 (target ≤ 50 ms), against a server started as in production.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { localDay } from '../../domain/clock.js';
import { idCardCheckChar } from '../../domain/idCard.js';
import { CarePaths } from '../../features/care/api/care.js';
import { generateTasks } from '../../features/care/server/planTasks.js';
import { buildApp } from '../../server/app.js';
import { startBenchServer } from './util.js';

const PORT = 18_192;
const ELDERS = 1_000;
const ITEMS = 10;

/** 1,000 residents in the existing beds, each with an active plan of ten items (the seeded projects and two more). */
export function addPlans(file: string) {
  const db = new Database(file);
  const now = '2026-01-01 08:00:00';
  // a care wing of 20 floors, 25 double rooms each: one bed per elder
  const depts = db.prepare('select deptId from dept where orgId = 1 order by deptId').all() as {
    deptId: number;
  }[];
  const buildingId = Number(
    db
      .prepare(
        `insert into building (orgId, buildingName, mapX, mapY, createTime, updateTime) values (1, '护理楼', 0, 0, ?, '')`,
      )
      .run(now).lastInsertRowid,
  );
  const floor = db.prepare(
    `insert into floor (orgId, buildingId, floorName, floorNo, createTime, updateTime) values (1, ?, ?, ?, ?, '')`,
  );
  const room = db.prepare(
    `insert into room (orgId, floorId, deptId, roomName, roomType, useStatus, createTime, updateTime) values (1, ?, ?, ?, '双人间', 1, ?, '')`,
  );
  const bed = db.prepare(
    `insert into bed (orgId, roomId, deptId, bedName, bedStatus, useStatus, createTime, updateTime) values (1, ?, ?, ?, 1, 1, ?, '')`,
  );
  const beds: { bedId: number; deptId: number }[] = [];
  db.transaction(() => {
    for (let f = 1; f <= 20; f++) {
      const floorId = Number(floor.run(buildingId, `${f}层`, f, now).lastInsertRowid);
      const deptId = depts[f % depts.length]?.deptId ?? 1;
      for (let r = 1; r <= 25; r++) {
        const roomId = Number(
          room.run(floorId, deptId, `${f}${String(r).padStart(2, '0')}`, now).lastInsertRowid,
        );
        for (const b of [1, 2])
          beds.push({ bedId: Number(bed.run(roomId, deptId, `${b}床`, now).lastInsertRowid), deptId });
      }
    }
  })();
  const category = (
    db.prepare('select projectCategoryId as id from projectCategory where orgId = 1 limit 1').get() as {
      id: number;
    }
  ).id;
  const addProject = db.prepare(
    `insert into careProject (orgId, projectName, projectCategoryId, frequencyType, times, status, createTime, updateTime)
     values (1, ?, ?, 1, ?, 1, ?, '')`,
  );
  addProject.run('助行训练', category, '10:00,16:00', now);
  addProject.run('心理慰藉', category, '14:00', now);
  const projects = db
    .prepare(
      'select projectId, frequencyType, times, weekdays from careProject where orgId = 1 order by projectId limit ?',
    )
    .all(ITEMS) as Record<string, unknown>[];
  const elder = db.prepare(
    `insert into oldman (orgId, deptId, oldmanName, oldmanIdcard, sex, birthday, phone, oldmanStatus, nursingLevel, bedId, checkInDate, createTime, updateTime)
     values (1, ?, ?, ?, ?, ?, '13800000000', 1, '全护理', ?, '2025-01-01', ?, '')`,
  );
  const plan = db.prepare(
    `insert into nursingPlan (orgId, deptId, planName, oldmanId, startDate, planStatus, createTime, updateTime)
     values (1, ?, ?, ?, '2025-01-01', 1, ?, '')`,
  );
  const item = db.prepare(
    `insert into nursingPlanItem (orgId, deptId, planId, projectId, frequencyType, times, weekdays, createTime, updateTime)
     values (1, ?, ?, ?, ?, ?, ?, ?, '')`,
  );
  db.transaction(() => {
    for (let i = 0; i < ELDERS; i++) {
      const bed = beds[i % beds.length] as { bedId: number; deptId: number };
      const birthday = `${1930 + (i % 25)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
      const first = `330106${birthday.replaceAll('-', '')}${String(i % 1000).padStart(3, '0')}`;
      const oldmanId = Number(
        elder.run(bed.deptId, `护理长者${i}`, first + idCardCheckChar(first), i % 2, birthday, bed.bedId, now)
          .lastInsertRowid,
      );
      const planId = Number(plan.run(bed.deptId, `护理长者${i}计划`, oldmanId, now).lastInsertRowid);
      for (const p of projects)
        item.run(bed.deptId, planId, p.projectId, p.frequencyType, p.times, p.weekdays, now);
    }
  })();
  db.close();
}

export async function benchCare(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'eldercare-care-bench-'));
  const databaseFile = join(dataDir, 'eldercare.sqlite');
  const lines: string[] = [];
  let server: Awaited<ReturnType<typeof startBenchServer>> | null = null;
  try {
    await (await buildApp({ dataDir, databaseFile, loginRatePerMinute: 1000 })).close();
    addPlans(databaseFile);
    const app = await buildApp({ dataDir, databaseFile, loginRatePerMinute: 1000 });
    try {
      // today's were made at start; tomorrow's are measured
      const day = localDay(Date.now() + 86_400_000);
      const db = app.services.db;
      let t0 = performance.now();
      const first = await db.transaction().execute((trx) => generateTasks(trx, day));
      const firstMs = performance.now() - t0;
      t0 = performance.now();
      const again = await db.transaction().execute((trx) => generateTasks(trx, day));
      const againMs = performance.now() - t0;
      lines.push(
        `task generation, ${ELDERS} elders × ${ITEMS} items: ${first.created} tasks in ${firstMs.toFixed(0)} ms (target ≤ 2000 ms)`,
        `  the same day again: ${again.created} made in ${againMs.toFixed(0)} ms`,
      );
    } finally {
      await app.close();
    }

    server = await startBenchServer(dataDir, PORT);
    const base = server.base;
    const headers = { authorization: server.token };
    const overview = (await (await fetch(`${base}${CarePaths.taskToday}`, { headers })).json()) as {
      result: { floors: { floorId: number; floorName: string; pending: number }[] };
    };
    const busiest = [...overview.result.floors].sort((a, b) => b.pending - a.pending)[0];
    if (!busiest) throw new Error('no floor has tasks today');
    const url = `${base}${CarePaths.taskToday}?floorId=${busiest.floorId}`;
    const text = await (await fetch(url, { headers })).text();
    const sample = JSON.parse(text) as { result: { list: unknown[] } };
    // as a browser asks: it accepts gzip
    const r = await autocannon({
      url,
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
      connections: 50,
      duration: 8,
    });
    lines.push(
      `today's tasks of one floor (${busiest.floorName}, ${sample.result.list.length} tasks, ${Math.round(text.length / 1024)} K chars), 50 connections: ` +
        `${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (target ≤ 50 ms), errors ${r.errors + r.non2xx}`,
    );
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

// `npx tsx tests/bench/care.ts` runs this section alone
if (import.meta.url === `file://${process.argv[1]}`) console.log((await benchCare()).join('\n'));
