import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PhotoCode, SignInApi } from './api.js';

interface Props {
  api: SignInApi;
  value: string;
  onChange(value: string, verifyStr: string): void;
  /** Changing this number asks for a new picture (after a failed attempt each code is spent). */
  refreshKey?: number;
}

/** The picture code of spec 000 §7 getPhotoCode: click the picture for a new one. */
export function PhotoCodeField({ api, value, onChange, refreshKey = 0 }: Props) {
  const [photo, setPhoto] = useState<PhotoCode | null>(null);
  // The latest onChange, so that a new parent callback does not ask for a new picture.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const load = useCallback(() => {
    api.photoCode().then(
      (p) => {
        setPhoto(p);
        onChangeRef.current('', p.verifyStr);
      },
      () => setPhoto(null),
    );
  }, [api]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the trigger
  useEffect(load, [load, refreshKey]);
  return (
    <FormGroup label="图片验证码" labelFor="photoCode">
      <div className="login-photo-row">
        <InputGroup
          id="photoCode"
          name="photoCode"
          placeholder="请输入图片验证码"
          value={value}
          maxLength={8}
          onChange={(e) => onChange(e.target.value, photo?.verifyStr ?? '')}
        />
        <button
          type="button"
          className="login-photo"
          onClick={load}
          title="看不清？换一张"
          data-testid="photo-code-image"
        >
          {photo ? <img src={photo.image} alt="图片验证码" width={120} height={40} /> : <span>加载中</span>}
        </button>
      </div>
    </FormGroup>
  );
}
