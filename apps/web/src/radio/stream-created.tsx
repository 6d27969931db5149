import type { CreatedStreamView } from '@contracts/media/radio-views.js';
import { Button } from '../ui/button.js';

/** The only answer that carries the stream key: shown once, with the encoder settings to paste into OBS. */
export function StreamCreated({ created, onDone }: { created: CreatedStreamView; onDone: () => void }) {
  const { stream, obsSettings } = created;
  const { recommended } = obsSettings;
  return (
    <div className="alert alert-success" role="status">
      <p><strong>{stream.name} is ready.</strong> The stream key is shown only this once: copy it into your encoder now.</p>
      <dl className="summary">
        <div><dt>Server</dt><dd><code className="secret">{obsSettings.server}</code></dd></div>
        <div><dt>Stream key</dt><dd><code className="secret" data-testid="stream-key">{obsSettings.streamKey}</code></dd></div>
        <div><dt>Audio</dt><dd>{recommended.encoder}, {recommended.audioBitrate} kbps, {recommended.sampleRate} Hz, {recommended.channels} channels</dd></div>
      </dl>
      <p className="field-hint">Once your encoder connects, the stream is listed under Live now.</p>
      <Button variant="secondary" onClick={onDone}>I have saved it</Button>
    </div>
  );
}
