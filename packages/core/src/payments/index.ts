/** The `payments` module's public surface: other modules and the apps import it only through this file. */
export { Payment, PAYMENT_EVENT_PAYLOADS, paymentEventExamples, paymentExamples } from './schemas.js';
export { confirmPayment, createPayment, expireDuePayments, expirePayment, insertPayment, listPayments, PAYMENT_EVENTS } from './service.js';
export type { FulfilledPayment, PaymentFulfilment, PaymentFulfilments } from './fulfilment.js';
export { paymentRoutes } from './routes.js';
export { PAYMENT_EXPIRY_SCHEDULER_ID, paymentExpiryQueue, paymentExpiryScans } from './queue.js';
export { findOverduePendingPaymentIds, insertPaymentRows, lockPayment, type NewPayment } from './repository.js';
export { paymentsProblem } from './problems.js';
