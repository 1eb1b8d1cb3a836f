export { bridgeInitiateBody } from '@gw/core/bridge';
export { consumeCreditsBody, purchaseCreditsBody } from '@gw/core/credits';
