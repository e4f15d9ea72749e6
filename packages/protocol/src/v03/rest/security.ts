import { z } from 'zod';
import { MutualTlsSecuritySchemeSchema, SECURITY_SCHEME_FIELDS } from '../../v1/security-scheme.ts';
import { protoObject } from '../../wire/proto-json.ts';
import { protoOneof } from '../../wire/proto-oneof.ts';

const scopes = z.record(z.string(), z.string()).default({});

/** The OAuth 2.0 flow a 0.3 proto card declares: exactly one of the four flows (a oneof in the 0.3 proto). */
export const OAuthFlowsSchema = protoOneof(
  protoObject({
    authorizationCode: protoObject({
      authorizationUrl: z.string(),
      tokenUrl: z.string(),
      refreshUrl: z.string().optional(),
      scopes,
    }).optional(),
    clientCredentials: protoObject({
      tokenUrl: z.string(),
      refreshUrl: z.string().optional(),
      scopes,
    }).optional(),
    implicit: protoObject({
      authorizationUrl: z.string(),
      refreshUrl: z.string().optional(),
      scopes,
    }).optional(),
    password: protoObject({
      tokenUrl: z.string(),
      refreshUrl: z.string().optional(),
      scopes,
    }).optional(),
  }),
  ['authorizationCode', 'clientCredentials', 'implicit', 'password'],
);
/** 0.3 proto OAuth flows. */
export type OAuthFlows = z.infer<typeof OAuthFlowsSchema>;

// The oneof members and `MutualTlsSecurityScheme` are the 1.0 ones. The other schemes differ: 1.0 makes their
// strings REQUIRED (the 0.3 proto does not) and its OAuth flows add `deviceCode` and `pkceRequired`.
export { SECURITY_SCHEME_FIELDS };

/** A security scheme in 0.3 proto form: a oneof wrapper (API key `location`, not `in`). */
export const SecuritySchemeSchema = protoOneof(
  protoObject({
    apiKeySecurityScheme: protoObject({
      description: z.string().optional(),
      location: z.string(),
      name: z.string(),
    }).optional(),
    httpAuthSecurityScheme: protoObject({
      description: z.string().optional(),
      scheme: z.string(),
      bearerFormat: z.string().optional(),
    }).optional(),
    oauth2SecurityScheme: protoObject({
      description: z.string().optional(),
      flows: OAuthFlowsSchema,
      oauth2MetadataUrl: z.string().optional(),
    }).optional(),
    openIdConnectSecurityScheme: protoObject({
      description: z.string().optional(),
      openIdConnectUrl: z.string(),
    }).optional(),
    mtlsSecurityScheme: MutualTlsSecuritySchemeSchema.optional(),
  }),
  SECURITY_SCHEME_FIELDS,
);
/** A 0.3 proto security scheme; narrow it with `'httpAuthSecurityScheme' in scheme` and so on. */
export type SecurityScheme = z.infer<typeof SecuritySchemeSchema>;

/** A security requirement in 0.3 proto form: `{schemes: {name: {list: [scopes]}}}` (an empty list may be `{}`). */
export const SecuritySchema = protoObject({
  schemes: z.record(z.string(), protoObject({ list: z.array(z.string()).default([]) })).default({}),
});
/** A 0.3 proto security requirement. */
export type Security = z.infer<typeof SecuritySchema>;
