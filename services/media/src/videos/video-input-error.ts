/** A video that cannot be made from what the caller sent (an image that may not or cannot be fetched): 400, never retried. */
export class VideoInputError extends Error {}
