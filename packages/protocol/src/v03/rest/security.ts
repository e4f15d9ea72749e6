import * as z from 'zod/mini';
import { MutualTlsSecuritySchemeSchema, SECURITY_SCHEME_FIELDS } from '../../v1/security-scheme.ts';
import { protoObject } from '../../wire/proto-json.ts';
import { protoOneof } from '../../wire/proto-oneof.ts';

const scopes = z._default(z.record(z.string(), z.string()), {});
/** A flow that only gets tokens (client credentials, password): the same fields in the 0.3 proto. */
const tokenFlow = protoObject({ tokenUrl: z.string(), refreshUrl: z.optional(z.string()), scopes });

/** The OAuth 2.0 flow a 0.3 proto card declares: exactly one of the four flows (a oneof in the 0.3 proto). */
export const OAuthFlowsSchema = protoOneof(
  protoObject({
    authorizationCode: z.optional(
      protoObject({
        authorizationUrl: z.string(),
        tokenUrl: z.string(),
        refreshUrl: z.optional(z.string()),
        scopes,
      }),
    ),
    clientCredentials: z.optional(tokenFlow),
    implicit: z.optional(
      protoObject({
        authorizationUrl: z.string(),
        refreshUrl: z.optional(z.string()),
        scopes,
      }),
    ),
    password: z.optional(tokenFlow),
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
    apiKeySecurityScheme: z.optional(
      protoObject({
        description: z.optional(z.string()),
        location: z.string(),
        name: z.string(),
      }),
    ),
    httpAuthSecurityScheme: z.optional(
      protoObject({
        description: z.optional(z.string()),
        scheme: z.string(),
        bearerFormat: z.optional(z.string()),
      }),
    ),
    oauth2SecurityScheme: z.optional(
      protoObject({
        description: z.optional(z.string()),
        flows: OAuthFlowsSchema,
        oauth2MetadataUrl: z.optional(z.string()),
      }),
    ),
    openIdConnectSecurityScheme: z.optional(
      protoObject({
        description: z.optional(z.string()),
        openIdConnectUrl: z.string(),
      }),
    ),
    mtlsSecurityScheme: z.optional(MutualTlsSecuritySchemeSchema),
  }),
  SECURITY_SCHEME_FIELDS,
);
/** A 0.3 proto security scheme; narrow it with `'httpAuthSecurityScheme' in scheme` and so on. */
export type SecurityScheme = z.infer<typeof SecuritySchemeSchema>;

/** A security requirement in 0.3 proto form: `{schemes: {name: {list: [scopes]}}}` (an empty list may be `{}`). */
export const SecuritySchema = protoObject({
  schemes: z._default(z.record(z.string(), protoObject({ list: z._default(z.array(z.string()), []) })), {}),
});
/** A 0.3 proto security requirement. */
export type Security = z.infer<typeof SecuritySchema>;
