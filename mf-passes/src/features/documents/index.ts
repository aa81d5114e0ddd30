// The screens of passes that need proofs (one per file), loaded together as the "screen-documents" chunk by spa.tsx:
// what is needed, upload, review and submit, the verification status (polled), resubmission, buying once verified.
export { DocumentScreen } from './DocumentScreen';
export { UploadScreen } from './UploadScreen';
export { VerifyScreen } from './VerifyScreen';
export { SubmittedScreen } from './SubmittedScreen';
export { PendingScreen } from './PendingScreen';
export { ResubmitScreen } from './ResubmitScreen';
export { AfterVerificationScreen } from './AfterVerificationScreen';
