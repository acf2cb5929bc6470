import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Radio,
  RadioGroup,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { AdminPaths, type NursingTree, nursingTreeAnswer } from '../../domain/api/administration.js';
import { bodySchema } from '../../domain/resource.js';
import { noticeResource } from '../../domain/resources/administration.js';
import { useApp } from '../../src/app/AppContext.js';
import type { Row } from '../../src/resource/index.js';

const schemas = {
  create: bodySchema(noticeResource, 'create'),
  update: bodySchema(noticeResource, 'update'),
};

/**
 * 新增/编辑公告: title, text and who receives it — everyone, or staff chosen by department from
 * nursing/tree. Checked with the schema the server uses, so the Chinese messages are the same.
 */
export function NoticeForm(p: { row: Row | null; onSaved(): void; onClose(): void }) {
  const { request, toast } = useApp();
  const [title, setTitle] = useState(String(p.row?.title ?? ''));
  const [content, setContent] = useState(String(p.row?.content ?? ''));
  const initial = Array.isArray(p.row?.recipientIds) ? (p.row.recipientIds as number[]) : [];
  const [everyone, setEveryone] = useState(initial.length === 0);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(initial));
  const [tree, setTree] = useState<NursingTree>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    request<unknown>({ url: AdminPaths.nursingTree }).then(
      (answer) => setTree(nursingTreeAnswer.parse(answer)),
      () => undefined,
    );
  }, [request]);

  const toggle = (ids: number[], on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });

  const save = () => {
    const mode = p.row ? 'update' : 'create';
    const body = {
      ...(p.row ? { noticeId: p.row.noticeId } : {}),
      title,
      content,
      recipientIds: everyone ? [] : [...chosen],
    };
    const parsed = schemas[mode].safeParse(body);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? '参数校验失败');
    if (!everyone && chosen.size === 0) return setProblem('请选择接收人');
    setSaving(true);
    request({
      method: p.row ? 'PUT' : 'POST',
      url: p.row ? AdminPaths.noticeEdit : AdminPaths.notices,
      data: body,
    })
      .then(
        () => {
          toast(p.row ? '公告已保存' : '公告已新增，发布后接收人可见', 'success');
          p.onSaved();
        },
        (e: { message?: string }) => setProblem(e.message ?? '保存失败'),
      )
      .finally(() => setSaving(false));
  };

  return (
    <Dialog
      isOpen
      title={p.row ? '编辑公告' : '新增公告'}
      icon="annotation"
      onClose={p.onClose}
      style={{ width: 640 }}
    >
      <DialogBody>
        {problem ? (
          <Callout intent="danger" compact>
            {problem}
          </Callout>
        ) : null}
        <FormGroup label="标题" labelFor="notice-title" labelInfo="*">
          <InputGroup id="notice-title" value={title} onChange={(e) => setTitle(e.target.value)} />
        </FormGroup>
        <FormGroup label="内容" labelFor="notice-content" labelInfo="*">
          <TextArea
            id="notice-content"
            fill
            rows={6}
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
        </FormGroup>
        <FormGroup label="接收人">
          <RadioGroup
            inline
            selectedValue={everyone ? 'all' : 'chosen'}
            onChange={(e) => setEveryone(e.currentTarget.value === 'all')}
          >
            <Radio label="全体人员" value="all" />
            <Radio label="指定人员" value="chosen" />
          </RadioGroup>
          {everyone ? null : (
            <div className="notice-recipients" data-testid="notice-recipients">
              {tree.map((dept) => {
                const ids = dept.users.map((u) => u.userId);
                const all = ids.every((id) => chosen.has(id));
                return (
                  <div key={dept.deptId}>
                    <Checkbox
                      label={dept.deptName}
                      checked={all}
                      indeterminate={!all && ids.some((id) => chosen.has(id))}
                      onChange={() => toggle(ids, !all)}
                    />
                    <div className="dept-users">
                      {dept.users.map((u) => (
                        <Checkbox
                          key={u.userId}
                          label={u.empName}
                          checked={chosen.has(u.userId)}
                          onChange={(e) => toggle([u.userId], e.currentTarget.checked)}
                        />
                      ))}
                    </div>
                  </div>
                );
              })}
            </div>
          )}
        </FormGroup>
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
