import { Card, H6, NonIdealState, Tag } from '@blueprintjs/core';
import { dictLabel } from '../../../domain/dictionaries.js';
import type { WeekPlan } from '../api/careHealth.js';

/** A week's menu as people pin it on the wall: one card per day, its meals and their dishes. */
export function WeekMenu({ plan }: { plan: WeekPlan }) {
  if (!plan.planId) return <NonIdealState icon="calendar" title="本周尚未制定食谱" />;
  return (
    // the week scrolls sideways on a narrow screen: it takes the keyboard's focus so it can (WCAG 2.1.1)
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable
    <section className="week-menu" data-testid="week-menu" tabIndex={0} aria-label="一周食谱">
      {plan.days.map((day) => (
        <Card key={day.weekday} compact data-testid="week-menu-day">
          <H6>
            {dictLabel('weekday', day.weekday)} <small>{day.date.slice(5)}</small>
          </H6>
          {day.cycles.map((c) => (
            <div key={c.timeCycle} className="week-menu-cycle">
              <b>{c.name}</b>
              <div>
                {c.dishes.length
                  ? c.dishes.map((d) => (
                      <Tag key={d.nextId} minimal round>
                        {d.dishName}
                      </Tag>
                    ))
                  : '—'}
              </div>
            </div>
          ))}
        </Card>
      ))}
    </section>
  );
}
