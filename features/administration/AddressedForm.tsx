import {
  Button,
  Callout,
  Checkbox,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { ReachNotes } from '../../domain/api/administration.js';
import { bodySchema, type ResourceDef } from '../../domain/resource.js';
import { useApp } from '../../src/app/AppContext.js';
import type { Row } from '../../src/resource/index.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { useRevealOnFailure } from '../../src/ui/revealError.js';

/** Who may be chosen, by group (department): staff for announcements, elders for family notices. */
export interface PickGroup {
  key: number;
  name: string;
  members: { id: number; name: string }[];
}

export interface AddressedFormProps {
  def: ResourceDef;
  /** The field holding the chosen ids (recipientIds, oldmanIds). */
  field: string;
  /** What is chosen: 接收人, 通知长者. */
  label: string;
  /** Nothing chosen means everyone (全体人员); otherwise at least one must be chosen. */
  everyoneAllowed: boolean;
  loadGroups(): Promise<PickGroup[]>;
  /** Whom 全体人员 reaches and whom the list leaves out, said before sending (reachText, leftOutText). */
  loadReach?(): Promise<ReachNotes>;
  createUrl: string;
  updateUrl: string;
  row: Row | null;
  onSaved(): void;
  onClose(): void;
}

/**
 * 新增/编辑 of a notice to chosen people: title, text and whom it goes to, chosen by group.
 * Checked with the schema the server uses, so the Chinese messages are the same.
 */
export function AddressedForm(p: AddressedFormProps) {
  const { toast } = useApp();
  const { request } = useApp();
  const [title, setTitle] = useState(String(p.row?.title ?? ''));
  const [content, setContent] = useState(String(p.row?.content ?? ''));
  const initial = Array.isArray(p.row?.[p.field]) ? (p.row[p.field] as number[]) : [];
  const [everyone, setEveryone] = useState(p.everyoneAllowed && initial.length === 0);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(initial));
  const [groups, setGroups] = useState<PickGroup[]>([]);
  // what stops the save, and the field it is about (none: the server's answer, shown above)
  const [problem, setProblemState] = useState<{ message: string; field?: string } | null>(null);
  const [bodyRef, revealError] = useRevealOnFailure<HTMLDivElement>();
  const setProblem = (message: string, field?: string) => {
    setProblemState({ message, field });
    revealError();
  };
  /** The field's error state: marked red with its message, where revealFirstError finds it. */
  const marked = (field: string) =>
    problem?.field === field ? { intent: Intent.DANGER, helperText: problem.message } : {};
  const [saving, setSaving] = useState(false);
  const [reach, setReach] = useState<ReachNotes | null>(null);
  const { loadGroups, loadReach } = p;

  useEffect(() => {
    loadGroups().then(setGroups, () => undefined);
  }, [loadGroups]);
  useEffect(() => {
    loadReach?.().then(setReach, () => undefined);
  }, [loadReach]);

  const toggle = (ids: number[], on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });

  const save = () => {
    const body = {
      ...(p.row ? { [p.def.idField]: p.row[p.def.idField] } : {}),
      title,
      content,
      [p.field]: everyone ? [] : [...chosen],
    };
    if (!everyone && chosen.size === 0) return setProblem(`请选择${p.label}`, p.field);
    const parsed = bodySchema(p.def, p.row ? 'update' : 'create').safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? '');
      return setProblem(
        issue?.message ?? '参数校验失败',
        ['title', 'content', p.field].includes(field) ? field : undefined,
      );
    }
    setProblemState(null);
    setSaving(true);
    request({ method: p.row ? 'PUT' : 'POST', url: p.row ? p.updateUrl : p.createUrl, data: body })
      .then(
        () => {
          toast(`${p.def.title}已保存`, 'success');
          p.onSaved();
        },
        (e: { message?: string }) => setProblem(e.message ?? '保存失败'),
      )
      .finally(() => setSaving(false));
  };
  return (
    <Dialog
      isOpen
      title={`${p.row ? '编辑' : '新增'}${p.def.title}`}
      icon="annotation"
      onClose={p.onClose}
      style={{ width: 640 }}
    >
      <DialogBody>
        <div ref={bodyRef}>
          {problem && !problem.field ? (
            <Callout intent="danger" compact>
              {problem.message}
            </Callout>
          ) : null}
          <FormGroup label="标题" labelFor="addressed-title" labelInfo="*" {...marked('title')}>
            <InputGroup id="addressed-title" value={title} onChange={(e) => setTitle(e.target.value)} />
          </FormGroup>
          <FormGroup label="内容" labelFor="addressed-content" labelInfo="*" {...marked('content')}>
            <TextArea
              id="addressed-content"
              fill
              rows={6}
              value={content}
              onChange={(e) => setContent(e.target.value)}
            />
          </FormGroup>
          <FormGroup label={p.label} {...marked(p.field)}>
            {p.everyoneAllowed ? (
              <RadioGroup
                inline
                selectedValue={everyone ? 'all' : 'chosen'}
                onChange={(e) => setEveryone(e.currentTarget.value === 'all')}
              >
                <Radio
                  label="全体人员"
                  value="all"
                  aria-describedby={everyone && reach ? 'addressed-reach' : undefined}
                />
                <Radio label="指定人员" value="chosen" />
              </RadioGroup>
            ) : null}
            {everyone && reach ? (
              <Callout compact icon="people" data-testid="addressed-reach" id="addressed-reach">
                {reach.everyone}
              </Callout>
            ) : null}
            {!everyone && reach?.chosen ? (
              <Callout compact icon="people" data-testid="addressed-left-out" id="addressed-left-out">
                {reach.chosen}
              </Callout>
            ) : null}
            {everyone ? null : (
              <div
                className="notice-recipients"
                data-testid="addressed-choice"
                aria-describedby={reach?.chosen ? 'addressed-left-out' : undefined}
              >
                {groups.map((group) => {
                  const ids = group.members.map((m) => m.id);
                  const all = ids.every((id) => chosen.has(id));
                  return (
                    <div key={group.key}>
                      <Checkbox
                        label={group.name}
                        checked={all}
                        indeterminate={!all && ids.some((id) => chosen.has(id))}
                        onChange={() => toggle(ids, !all)}
                      />
                      <div className="dept-users">
                        {group.members.map((m) => (
                          <Checkbox
                            key={m.id}
                            label={m.name}
                            checked={chosen.has(m.id)}
                            onChange={(e) => toggle([m.id], e.currentTarget.checked)}
                          />
                        ))}
                      </div>
                    </div>
                  );
                })}
              </div>
            )}
          </FormGroup>
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={p.onClose} />
            <Button intent="primary" text="保存" loading={saving} onClick={save} />
          </>
        }
      />
    </Dialog>
  );
}
