/** The sms module's public face: the SMS port other modules send through, and the provider the composition root makes. */
export {
  createSmsProvider,
  sendSms,
  smsFailed,
  SmsSendError,
  DevSmsProvider,
  HttpSmsProvider,
  DEV_FAILING_SUFFIX,
  type SmsMessage,
  type SmsProvider,
} from './provider';
