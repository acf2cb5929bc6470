import { Button, Card, H3, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import './administration.css';

/** A message's or an announcement's page: title, when, the text, and 返回. */
export function DetailPage(p: {
  testId: string;
  loading: boolean;
  missing: string | null;
  title: string;
  meta: ReactNode;
  content: string;
  onBack(): void;
}) {
  return (
    <div className="page admin-detail" data-testid={p.testId}>
      <Button icon="arrow-left" text="返回" variant="minimal" onClick={p.onBack} />
      {p.loading ? (
        <Spinner />
      ) : p.missing ? (
        <NonIdealState icon="search" title={p.missing} />
      ) : (
        <Card>
          <H3>{p.title}</H3>
          <div className="admin-detail-meta">{p.meta}</div>
          <div className="admin-detail-content">{p.content}</div>
        </Card>
      )}
    </div>
  );
}
