/** The notices module's public face: rider SMS about orders (the RiderNotices port sellers write to). */
export { RiderNoticeService, NOTICE_TICK_MS, NOTICE_LEASE_MS, NOTICE_RETRY_MS, type RiderNotices } from './service';
export { noticeText, isNoticeLanguage, NOTICE_LANGUAGES, type Notice, type NoticeKind, type NoticeLanguage } from './texts';
export { noticeRoutes } from './routes';
