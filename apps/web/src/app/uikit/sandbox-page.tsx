import { useId, useState } from 'react';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { KitSection, UikitFrame } from './uikit-frame.tsx';

type Variant = 'primary' | 'secondary' | 'ghost';

/** dev.uikit.sandbox: try a label and a state on a few widgets. */
export default function SandboxPage() {
  const [label, setLabel] = useState('Register for the workshop');
  const [variant, setVariant] = useState<Variant>('primary');
  const [disabled, setDisabled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const [name, setName] = useState('Marta Nowak');
  const variantId = useId();
  return (
    <UikitFrame title="Sandbox">
      <KitSection id="controls" title="Controls">
        <div className="uikit-states">
          <TextField label="Label" value={label} onChange={(e) => setLabel(e.target.value)} />
          <TextField label="Person's name" value={name} onChange={(e) => setName(e.target.value)} />
          <div className="field">
            <label htmlFor={variantId}>Variant</label>
            <select id={variantId} value={variant} onChange={(e) => setVariant(e.target.value as Variant)}>
              <option value="primary">primary</option>
              <option value="secondary">secondary</option>
              <option value="ghost">ghost</option>
            </select>
          </div>
          <fieldset className="uikit-theme">
            <legend>States</legend>
            <label>
              <input type="checkbox" checked={disabled} onChange={(e) => setDisabled(e.target.checked)} /> Disabled
            </label>
            <label>
              <input type="checkbox" checked={busy} onChange={(e) => setBusy(e.target.checked)} /> Loading
            </label>
            <label>
              <input type="checkbox" checked={error} onChange={(e) => setError(e.target.checked)} /> Error
            </label>
          </fieldset>
        </div>
      </KitSection>
      <KitSection id="result" title="Result">
        <div className="uikit-states">
          <div className="uikit-state-body">
            <Button variant={variant} disabled={disabled} busy={busy}>
              {label || 'Button'}
            </Button>
          </div>
          <TextField label={label || 'Field'} disabled={disabled} error={error ? 'Something is wrong with this value.' : undefined} />
          <div className="uikit-state-body">
            <Avatar src={null} name={name || '?'} size={48} />
            <strong>{name}</strong>
          </div>
          <EmptyState title={label || undefined} text={error ? 'An error state of the empty widget.' : undefined} />
        </div>
      </KitSection>
    </UikitFrame>
  );
}
