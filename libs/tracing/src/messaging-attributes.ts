/**
 * OpenTelemetry's messaging attributes, still "incubating" in semantic-conventions, whose authors
 * ask users to copy them rather than import the incubating entry (its names may change in a minor).
 */
export const ATTR_MESSAGING_SYSTEM = 'messaging.system';
export const ATTR_MESSAGING_DESTINATION_NAME = 'messaging.destination.name';
export const ATTR_MESSAGING_OPERATION_TYPE = 'messaging.operation.type';
export const ATTR_MESSAGING_MESSAGE_ID = 'messaging.message.id';
