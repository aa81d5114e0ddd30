// Choosing and uploading proofs: the photograph and one ID proof. Each file is checked (type, size) before anything is
// sent, shown (image preview or PDF name and size), replaceable, and uploaded with a determinate progress bar
// (api.upload's progress; the percentage announced politely every 25 %) and Cancel. A failed or cancelled upload keeps
// the file chosen with Retry, and everything else: the earlier proofs, the details, the choices.
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { UPLOAD_QUOTA_FILES, UPLOAD_QUOTA_MB } from '@sawari/domain';
import { uploadProof } from '../common/api';
import { formatSize, ID_PROOF_KINDS, PROOF_TYPES, IMAGE_TYPES, proofFileProblem, uploadErrorId, type ProofKind, type UploadedProof } from '../common/model';
import { asApiError, styles, useT } from '../common/ui';

type Slot = 'photo' | 'id';

/** Object URLs of images chosen in this visit, by fileId (never stored: a reload shows name and size only). */
const previews = new Map<string, string>();

export function ProofPicker({
  proofs,
  onChange,
  idKind: initialIdKind,
}: {
  proofs: UploadedProof[];
  onChange: (proof: UploadedProof) => void;
  idKind: ProofKind;
}) {
  const t = useT();
  const photo = proofs.find((p) => p.kind === 'PHOTO') ?? null;
  const id = proofs.find((p) => p.kind !== 'PHOTO') ?? null;
  const [idKind, setIdKind] = useState<ProofKind>(id?.kind ?? initialIdKind);
  const kindId = useId();
  return (
    <>
      <ProofSlot slot="photo" kind="PHOTO" current={photo} onUploaded={onChange} label={t('upload.photo')} hint={t('upload.photoHint')} />
      <div className={styles.field}>
        <label htmlFor={kindId}>{t('upload.idKind')}</label>
        <select id={kindId} className={styles.input} value={idKind} onChange={(e) => setIdKind(e.target.value as ProofKind)}>
          {ID_PROOF_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`proof.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <ProofSlot slot="id" kind={idKind} current={id} onUploaded={onChange} label={t('upload.id', { kind: t(`proof.${idKind}`) })} hint={t('upload.idHint')} />
    </>
  );
}

/** The shell's SOS page: the support offices, their hours and phone numbers. */
const SUPPORT_PATH = '/SOS';

/** Steps at which the percentage is announced (politely), not at every progress event. */
const ANNOUNCE_EVERY = 25;

type Uploading = { name: string; size: number; percent: number | null };

function ProofSlot({
  slot,
  kind,
  current,
  onUploaded,
  label,
  hint,
}: {
  slot: Slot;
  kind: ProofKind;
  current: UploadedProof | null;
  onUploaded: (p: UploadedProof) => void;
  label: string;
  hint: string;
}) {
  const t = useT();
  const intl = useIntl();
  const inputId = `proof-${slot}`;
  const [problem, setProblem] = useState<string | null>(null);
  /** The failure is not one the rider can fix: the way to support goes with Retry. */
  const [support, setSupport] = useState(false);
  const [uploading, setUploading] = useState<Uploading | null>(null);
  /** The chosen file that is not uploaded (failed or cancelled): it stays chosen, with Retry. */
  const [failed, setFailed] = useState<File | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (cancelled) retryRef.current?.focus();
  }, [cancelled]);

  const send = async (file: File) => {
    setProblem(null);
    setFailed(null);
    setCancelled(false);
    setUploading({ name: file.name, size: file.size, percent: null });
    const controller = (abort.current = new AbortController());
    const onProgress = (loaded: number, total: number) => {
      const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : null;
      if (!controller.signal.aborted) setUploading((u) => u && { ...u, percent });
    };
    try {
      const uploaded = await uploadProof(file, kind, controller.signal, onProgress);
      if (file.type.startsWith('image/')) previews.set(uploaded.fileId, URL.createObjectURL(file));
      onUploaded(uploaded);
    } catch (err) {
      setFailed(file);
      if ((err as { name?: string })?.name === 'AbortError') {
        setCancelled(true);
        return;
      }
      // The rider's words for the code (uploadErrorId), never the server's message.
      const id = uploadErrorId(asApiError(err));
      setProblem(t(id, { files: UPLOAD_QUOTA_FILES, megabytes: intl.formatNumber(UPLOAD_QUOTA_MB) }));
      setSupport(id === 'upload.error.unknown');
    } finally {
      setUploading(null);
    }
  };

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const refused = proofFileProblem(file, kind);
    setSupport(false);
    if (refused) {
      setFailed(null);
      setCancelled(false);
      setProblem(t(refused, { name: file.name, size: formatSize(file.size) }));
      return;
    }
    void send(file);
  };

  const accept = (kind === 'PHOTO' ? IMAGE_TYPES : PROOF_TYPES).join(',');
  const preview = current && previews.get(current.fileId);
  const pct = (n: number) => intl.formatNumber(n / 100, { style: 'percent' });
  const step = uploading?.percent == null ? null : uploading.percent - (uploading.percent % ANNOUNCE_EVERY);
  const announcement = uploading
    ? step
      ? t('upload.step', { name: uploading.name, percent: pct(step) })
      : t('upload.uploading', { name: uploading.name, size: formatSize(uploading.size) })
    : cancelled && failed
      ? t('upload.cancelled', { name: failed.name })
      : '';
  const retry = failed && (
    <>
      <p>{t('upload.notSent', { name: failed.name, size: formatSize(failed.size) })}</p>
      <button ref={retryRef} type="button" className={styles.textButton} onClick={() => void send(failed)}>
        {t('upload.retry')}
      </button>
      {support && problem && (
        <p>
          <Link className={styles.alertLink} to={SUPPORT_PATH}>
            {t('upload.support')}
          </Link>
        </p>
      )}
    </>
  );
  return (
    <div className={styles.field}>
      <label htmlFor={inputId}>{current ? t('upload.replace', { what: label }) : label}</label>
      <span id={`${inputId}-hint`} className={styles.hint}>
        {hint}
      </span>
      {current && (
        <div className={styles.file}>
          {current.contentType === 'application/pdf' ? (
            <span className={styles.pdfIcon} aria-hidden="true">
              PDF
            </span>
          ) : preview ? (
            <img className={styles.thumb} src={preview} alt={t('upload.previewAlt', { name: current.name })} width={72} height={72} />
          ) : (
            <span className={styles.pdfIcon} aria-hidden="true">
              IMG
            </span>
          )}
          <span>
            <strong style={{ overflowWrap: 'anywhere' }}>{current.name}</strong>
            <br />
            <span className={styles.muted}>{t('upload.uploaded', { size: formatSize(current.sizeBytes) })}</span>
          </span>
        </div>
      )}
      <input
        id={inputId}
        className={styles.fileInput}
        type="file"
        accept={accept}
        onChange={choose}
        disabled={!!uploading}
        aria-describedby={[`${inputId}-hint`, problem && `${inputId}-error`].filter(Boolean).join(' ')}
        aria-invalid={problem ? true : undefined}
      />
      <p className={styles.srOnly} aria-live="polite">
        {announcement}
      </p>
      {uploading && (
        <div className={styles.uploading}>
          <span aria-hidden="true" style={{ overflowWrap: 'anywhere' }}>
            {t('upload.uploading', { name: uploading.name, size: formatSize(uploading.size) })}
          </span>
          <span className={styles.progressRow}>
            <progress
              className={styles.progress}
              max={100}
              value={uploading.percent ?? undefined}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={uploading.percent ?? undefined}
              aria-label={t('upload.progress', { name: uploading.name })}
            />
            {uploading.percent != null && <span aria-hidden="true">{pct(uploading.percent)}</span>}
          </span>
          <button type="button" className={styles.textButton} onClick={() => abort.current?.abort()}>
            {t('upload.cancel')}
          </button>
        </div>
      )}
      {problem && (
        <div id={`${inputId}-error`} className={styles.alert} role="alert">
          <p>{problem}</p>
          {retry}
        </div>
      )}
      {!problem && cancelled && failed && (
        <div className={styles.warn}>
          {/* Said once: the polite live region above announces it. */}
          <p aria-hidden="true">
            <strong>{t('upload.cancelled', { name: failed.name })}</strong>
          </p>
          {retry}
        </div>
      )}
    </div>
  );
}
