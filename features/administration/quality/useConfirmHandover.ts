import { pathWith } from '../../../domain/api/path.js';
import { useApp } from '../../../src/app/AppContext.js';
import type { Row } from '../../../src/resource/index.js';
import { QualityPaths as P } from '../api/quality.js';

/** 接班确认: the receiving nurse takes the handover over (the server checks it is she). */
export function useConfirmHandover(onDone: () => void) {
  const { request, toast } = useApp();
  return async (row: Row) => {
    try {
      await request({
        url: pathWith(P.handoverConfirm, { id: Number(row.handoverId) }),
        method: 'PUT',
        data: {},
        silent: true,
      });
      toast('已接班确认', 'success');
    } catch (e) {
      toast((e as { message?: string }).message ?? '接班确认失败', 'danger');
    }
    onDone();
  };
}
