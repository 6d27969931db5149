/** The answer of GET /api/wallet/top-up: where to pay, and the checkout session the credit will carry. */
export interface TopUpCheckoutReply {
  url: string;
  sessionId: string;
}
