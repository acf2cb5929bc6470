import { Button, Intent, Section, SectionCard } from '@blueprintjs/core';
import { Authority } from '../../domain/menus.js';
import { SystemScreens } from '../../domain/screens.js';
import { Authorized } from '../../src/auth/Authorized.js';
import { navigate } from '../../src/router/hash.js';
import { PackageFields, usePackageUpload } from './PackageFields.js';
import './systemSettings.css';

const LIST = SystemScreens.installPackage;

/** /systemSetting/install-package-save (not a tab, spec 000 §2): upload a new installation package. */
export function InstallPackageSave() {
  const upload = usePackageUpload(() => navigate(LIST));
  return (
    <div className="page package-save" data-testid="page-install-package-save">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          upload.submit();
        }}
      >
        <Section title="新增安装包" icon="box" compact>
          <SectionCard>
            <PackageFields upload={upload} />
          </SectionCard>
        </Section>
        <div className="filter-bar package-save-actions">
          <Button icon="arrow-left" text="返回" onClick={() => navigate(LIST)} />
          <Authorized code={Authority.installPackageAdd} mode="disable">
            <Button type="submit" intent={Intent.PRIMARY} icon="upload" text="上传" loading={upload.busy} />
          </Authorized>
        </div>
      </form>
    </div>
  );
}
