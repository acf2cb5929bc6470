import {
  Button,
  Callout,
  Card,
  FormGroup,
  H4,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { pathWith } from '../../domain/api/path.js';
import { fieldOf } from '../../domain/resource.js';
import { useApp } from '../../src/app/AppContext.js';
import { FieldInput } from '../../src/resource/FieldInput.js';
import type { Row } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';
import { useRevealOnFailure } from '../../src/ui/revealError.js';
import {
  articleImageMessage,
  IsWard,
  type IsWardCode,
  isArticleImageSrc,
  EducationPaths as P,
  EducationScreens as S,
} from './api.js';
import { RichTextEditor } from './RichTextEditor.js';
import { edArticleResource } from './resources.js';
import './education.css';

const wardField = fieldOf(edArticleResource, 'wardId');

/** The save page of an article (新增 or ?id= 编辑): title, category, department, summary, rich text. */
function ArticleSave({ isWard }: { isWard: IsWardCode }) {
  const { request, toast, dataDeptId } = useApp();
  const page = usePage();
  const id = Number(page.query.id ?? 0);
  const back = isWard === IsWard.ward ? S.ward : S.whole;
  const [categories, setCategories] = useState<Row[]>([]);
  const [form, setForm] = useState<Row>({
    title: '',
    categoryId: '',
    wardId: dataDeptId ?? null,
    summary: '',
  });
  const [content, setContent] = useState('');
  const [initial, setInitial] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [cardRef, revealError] = useRevealOnFailure<HTMLDivElement>();
  const refuse = (message: string) => {
    setError(message);
    revealError();
  };
  useEffect(() => {
    request<{ list: Row[] }>({ url: P.category, params: { pageHelper: 0 } }).then(
      (page) => setCategories(page.list),
      () => undefined,
    );
    if (id)
      request<Row>({ url: pathWith(P.articleOne, { id }) }).then(
        (row) => {
          setForm({
            title: row.title,
            categoryId: row.categoryId,
            wardId: row.wardId,
            summary: row.summary ?? '',
          });
          setContent(String(row.content ?? ''));
          setInitial(String(row.content ?? ''));
        },
        () => undefined,
      );
  }, [id, request]);
  const save = () => {
    // never store an article without an image the editor shows (issue #42 point 2)
    if (uploading) return refuse('图片上传中，请等上传完成后再保存');
    const images = [...new DOMParser().parseFromString(content, 'text/html').images].map(
      (img) => img.getAttribute('src') ?? '',
    );
    const unusable = images.filter((src) => !isArticleImageSrc(src));
    if (unusable.length) return refuse(articleImageMessage(unusable));
    setSaving(true);
    const data = {
      ...(id ? { id } : {}),
      title: form.title,
      categoryId: form.categoryId,
      isWard,
      ...(isWard === IsWard.ward ? { wardId: form.wardId } : {}),
      summary: form.summary,
      content,
    };
    request({ url: P.article, method: id ? 'PUT' : 'POST', data, silent: true }).then(
      () => {
        toast('保存成功', 'success');
        navigate(back);
      },
      (e: { message?: string }) => {
        setSaving(false);
        refuse(e.message ?? '保存失败');
      },
    );
  };
  return (
    <div className="page" data-testid="page-education-save">
      <Card ref={cardRef}>
        {/* 新增科室宣教 / 编辑科室宣教: the screen's title at this address (no id: a new article) */}
        <H4 className="education-save-title">{page.title}</H4>
        <div className="education-form">
          <FormGroup label="标题" labelFor="edu-title" labelInfo="*">
            <InputGroup
              id="edu-title"
              value={String(form.title ?? '')}
              onChange={(e) => setForm({ ...form, title: e.target.value })}
            />
          </FormGroup>
          <FormGroup label="分类" labelFor="edu-category" labelInfo="*">
            <HTMLSelect
              id="edu-category"
              fill
              value={String(form.categoryId ?? '')}
              onChange={(e) => setForm({ ...form, categoryId: e.target.value })}
              options={[
                { value: '', label: '请选择分类' },
                ...categories.map((c) => ({ value: String(c.id), label: String(c.categoryName) })),
              ]}
            />
          </FormGroup>
          {isWard === IsWard.ward && wardField ? (
            <FormGroup label="科室" labelFor="edu-ward" labelInfo="*">
              <FieldInput
                id="edu-ward"
                field={wardField}
                value={(form.wardId as number | null) ?? null}
                invalid={false}
                disabled={false}
                onChange={(wardId) => setForm({ ...form, wardId })}
                onError={setError}
              />
            </FormGroup>
          ) : null}
        </div>
        <FormGroup label="摘要" labelFor="edu-summary">
          <TextArea
            id="edu-summary"
            fill
            value={String(form.summary ?? '')}
            onChange={(e) => setForm({ ...form, summary: e.target.value })}
          />
        </FormGroup>
        <FormGroup label="正文" labelInfo="*">
          <RichTextEditor
            initial={initial}
            onChange={setContent}
            onError={refuse}
            onUploading={setUploading}
          />
        </FormGroup>
        {error ? <Callout intent={Intent.DANGER} title={error} /> : null}
        <Button intent={Intent.PRIMARY} text="保存" loading={saving} onClick={save} />{' '}
        <Button variant="minimal" text="返回" onClick={() => navigate(back)} />
      </Card>
    </div>
  );
}

export const WardArticleSave = () => <ArticleSave isWard={IsWard.ward} />;
export const WholeArticleSave = () => <ArticleSave isWard={IsWard.whole} />;
