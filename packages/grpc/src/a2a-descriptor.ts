// Written by scripts/write-descriptor.mjs from proto/ (do not edit): the A2A proto as protobufjs JSON.
// (Typed loosely: protobufjs's own INamespace types miss fields its toJSON writes, such as a map's keyType.)
export const A2A_DESCRIPTOR: Readonly<Record<string, unknown>> = {
  nested: {
    lf: {
      nested: {
        a2a: {
          nested: {
            v1: {
              nested: {
                A2AService: {
                  methods: {
                    SendMessage: {
                      requestType: 'SendMessageRequest',
                      responseType: 'SendMessageResponse',
                    },
                    SendStreamingMessage: {
                      requestType: 'SendMessageRequest',
                      responseType: 'StreamResponse',
                      responseStream: true,
                    },
                    GetTask: {
                      requestType: 'GetTaskRequest',
                      responseType: 'Task',
                    },
                    ListTasks: {
                      requestType: 'ListTasksRequest',
                      responseType: 'ListTasksResponse',
                    },
                    CancelTask: {
                      requestType: 'CancelTaskRequest',
                      responseType: 'Task',
                    },
                    SubscribeToTask: {
                      requestType: 'SubscribeToTaskRequest',
                      responseType: 'StreamResponse',
                      responseStream: true,
                    },
                    CreateTaskPushNotificationConfig: {
                      requestType: 'TaskPushNotificationConfig',
                      responseType: 'TaskPushNotificationConfig',
                    },
                    GetTaskPushNotificationConfig: {
                      requestType: 'GetTaskPushNotificationConfigRequest',
                      responseType: 'TaskPushNotificationConfig',
                    },
                    ListTaskPushNotificationConfigs: {
                      requestType: 'ListTaskPushNotificationConfigsRequest',
                      responseType: 'ListTaskPushNotificationConfigsResponse',
                    },
                    GetExtendedAgentCard: {
                      requestType: 'GetExtendedAgentCardRequest',
                      responseType: 'AgentCard',
                    },
                    DeleteTaskPushNotificationConfig: {
                      requestType: 'DeleteTaskPushNotificationConfigRequest',
                      responseType: 'google.protobuf.Empty',
                    },
                  },
                },
                SendMessageConfiguration: {
                  oneofs: {
                    _historyLength: {
                      oneof: ['historyLength'],
                    },
                  },
                  fields: {
                    acceptedOutputModes: {
                      rule: 'repeated',
                      type: 'string',
                      id: 1,
                    },
                    taskPushNotificationConfig: {
                      type: 'TaskPushNotificationConfig',
                      id: 2,
                    },
                    historyLength: {
                      type: 'int32',
                      id: 3,
                      options: {
                        proto3_optional: true,
                      },
                    },
                    returnImmediately: {
                      type: 'bool',
                      id: 4,
                    },
                  },
                },
                Task: {
                  fields: {
                    id: {
                      type: 'string',
                      id: 1,
                    },
                    contextId: {
                      type: 'string',
                      id: 2,
                    },
                    status: {
                      type: 'TaskStatus',
                      id: 3,
                    },
                    artifacts: {
                      rule: 'repeated',
                      type: 'Artifact',
                      id: 4,
                    },
                    history: {
                      rule: 'repeated',
                      type: 'Message',
                      id: 5,
                    },
                    metadata: {
                      type: 'google.protobuf.Struct',
                      id: 6,
                    },
                  },
                },
                TaskState: {
                  values: {
                    TASK_STATE_UNSPECIFIED: 0,
                    TASK_STATE_SUBMITTED: 1,
                    TASK_STATE_WORKING: 2,
                    TASK_STATE_COMPLETED: 3,
                    TASK_STATE_FAILED: 4,
                    TASK_STATE_CANCELED: 5,
                    TASK_STATE_INPUT_REQUIRED: 6,
                    TASK_STATE_REJECTED: 7,
                    TASK_STATE_AUTH_REQUIRED: 8,
                  },
                },
                TaskStatus: {
                  fields: {
                    state: {
                      type: 'TaskState',
                      id: 1,
                    },
                    message: {
                      type: 'Message',
                      id: 2,
                    },
                    timestamp: {
                      type: 'google.protobuf.Timestamp',
                      id: 3,
                    },
                  },
                },
                Part: {
                  oneofs: {
                    content: {
                      oneof: ['text', 'raw', 'url', 'data'],
                    },
                  },
                  fields: {
                    text: {
                      type: 'string',
                      id: 1,
                    },
                    raw: {
                      type: 'bytes',
                      id: 2,
                    },
                    url: {
                      type: 'string',
                      id: 3,
                    },
                    data: {
                      type: 'google.protobuf.Value',
                      id: 4,
                    },
                    metadata: {
                      type: 'google.protobuf.Struct',
                      id: 5,
                    },
                    filename: {
                      type: 'string',
                      id: 6,
                    },
                    mediaType: {
                      type: 'string',
                      id: 7,
                    },
                  },
                },
                Role: {
                  values: {
                    ROLE_UNSPECIFIED: 0,
                    ROLE_USER: 1,
                    ROLE_AGENT: 2,
                  },
                },
                Message: {
                  fields: {
                    messageId: {
                      type: 'string',
                      id: 1,
                    },
                    contextId: {
                      type: 'string',
                      id: 2,
                    },
                    taskId: {
                      type: 'string',
                      id: 3,
                    },
                    role: {
                      type: 'Role',
                      id: 4,
                    },
                    parts: {
                      rule: 'repeated',
                      type: 'Part',
                      id: 5,
                    },
                    metadata: {
                      type: 'google.protobuf.Struct',
                      id: 6,
                    },
                    extensions: {
                      rule: 'repeated',
                      type: 'string',
                      id: 7,
                    },
                    referenceTaskIds: {
                      rule: 'repeated',
                      type: 'string',
                      id: 8,
                    },
                  },
                },
                Artifact: {
                  fields: {
                    artifactId: {
                      type: 'string',
                      id: 1,
                    },
                    name: {
                      type: 'string',
                      id: 2,
                    },
                    description: {
                      type: 'string',
                      id: 3,
                    },
                    parts: {
                      rule: 'repeated',
                      type: 'Part',
                      id: 4,
                    },
                    metadata: {
                      type: 'google.protobuf.Struct',
                      id: 5,
                    },
                    extensions: {
                      rule: 'repeated',
                      type: 'string',
                      id: 6,
                    },
                  },
                },
                TaskStatusUpdateEvent: {
                  fields: {
                    taskId: {
                      type: 'string',
                      id: 1,
                    },
                    contextId: {
                      type: 'string',
                      id: 2,
                    },
                    status: {
                      type: 'TaskStatus',
                      id: 3,
                    },
                    metadata: {
                      type: 'google.protobuf.Struct',
                      id: 4,
                    },
                  },
                },
                TaskArtifactUpdateEvent: {
                  fields: {
                    taskId: {
                      type: 'string',
                      id: 1,
                    },
                    contextId: {
                      type: 'string',
                      id: 2,
                    },
                    artifact: {
                      type: 'Artifact',
                      id: 3,
                    },
                    append: {
                      type: 'bool',
                      id: 4,
                    },
                    lastChunk: {
                      type: 'bool',
                      id: 5,
                    },
                    metadata: {
                      type: 'google.protobuf.Struct',
                      id: 6,
                    },
                  },
                },
                AuthenticationInfo: {
                  fields: {
                    scheme: {
                      type: 'string',
                      id: 1,
                    },
                    credentials: {
                      type: 'string',
                      id: 2,
                    },
                  },
                },
                TaskPushNotificationConfig: {
                  fields: {
                    tenant: {
                      type: 'string',
                      id: 1,
                    },
                    id: {
                      type: 'string',
                      id: 2,
                    },
                    taskId: {
                      type: 'string',
                      id: 3,
                    },
                    url: {
                      type: 'string',
                      id: 4,
                    },
                    token: {
                      type: 'string',
                      id: 5,
                    },
                    authentication: {
                      type: 'AuthenticationInfo',
                      id: 6,
                    },
                  },
                },
                AgentInterface: {
                  fields: {
                    url: {
                      type: 'string',
                      id: 1,
                    },
                    protocolBinding: {
                      type: 'string',
                      id: 2,
                    },
                    tenant: {
                      type: 'string',
                      id: 3,
                    },
                    protocolVersion: {
                      type: 'string',
                      id: 4,
                    },
                  },
                },
                AgentCard: {
                  oneofs: {
                    _documentationUrl: {
                      oneof: ['documentationUrl'],
                    },
                    _iconUrl: {
                      oneof: ['iconUrl'],
                    },
                  },
                  fields: {
                    name: {
                      type: 'string',
                      id: 1,
                    },
                    description: {
                      type: 'string',
                      id: 2,
                    },
                    supportedInterfaces: {
                      rule: 'repeated',
                      type: 'AgentInterface',
                      id: 3,
                    },
                    provider: {
                      type: 'AgentProvider',
                      id: 4,
                    },
                    version: {
                      type: 'string',
                      id: 5,
                    },
                    documentationUrl: {
                      type: 'string',
                      id: 6,
                      options: {
                        proto3_optional: true,
                      },
                    },
                    capabilities: {
                      type: 'AgentCapabilities',
                      id: 7,
                    },
                    securitySchemes: {
                      keyType: 'string',
                      type: 'SecurityScheme',
                      id: 8,
                    },
                    securityRequirements: {
                      rule: 'repeated',
                      type: 'SecurityRequirement',
                      id: 9,
                    },
                    defaultInputModes: {
                      rule: 'repeated',
                      type: 'string',
                      id: 10,
                    },
                    defaultOutputModes: {
                      rule: 'repeated',
                      type: 'string',
                      id: 11,
                    },
                    skills: {
                      rule: 'repeated',
                      type: 'AgentSkill',
                      id: 12,
                    },
                    signatures: {
                      rule: 'repeated',
                      type: 'AgentCardSignature',
                      id: 13,
                    },
                    iconUrl: {
                      type: 'string',
                      id: 14,
                      options: {
                        proto3_optional: true,
                      },
                    },
                  },
                },
                AgentProvider: {
                  fields: {
                    url: {
                      type: 'string',
                      id: 1,
                    },
                    organization: {
                      type: 'string',
                      id: 2,
                    },
                  },
                },
                AgentCapabilities: {
                  oneofs: {
                    _streaming: {
                      oneof: ['streaming'],
                    },
                    _pushNotifications: {
                      oneof: ['pushNotifications'],
                    },
                    _extendedAgentCard: {
                      oneof: ['extendedAgentCard'],
                    },
                  },
                  fields: {
                    streaming: {
                      type: 'bool',
                      id: 1,
                      options: {
                        proto3_optional: true,
                      },
                    },
                    pushNotifications: {
                      type: 'bool',
                      id: 2,
                      options: {
                        proto3_optional: true,
                      },
                    },
                    extensions: {
                      rule: 'repeated',
                      type: 'AgentExtension',
                      id: 3,
                    },
                    extendedAgentCard: {
                      type: 'bool',
                      id: 4,
                      options: {
                        proto3_optional: true,
                      },
                    },
                  },
                },
                AgentExtension: {
                  fields: {
                    uri: {
                      type: 'string',
                      id: 1,
                    },
                    description: {
                      type: 'string',
                      id: 2,
                    },
                    required: {
                      type: 'bool',
                      id: 3,
                    },
                    params: {
                      type: 'google.protobuf.Struct',
                      id: 4,
                    },
                  },
                },
                AgentSkill: {
                  fields: {
                    id: {
                      type: 'string',
                      id: 1,
                    },
                    name: {
                      type: 'string',
                      id: 2,
                    },
                    description: {
                      type: 'string',
                      id: 3,
                    },
                    tags: {
                      rule: 'repeated',
                      type: 'string',
                      id: 4,
                    },
                    examples: {
                      rule: 'repeated',
                      type: 'string',
                      id: 5,
                    },
                    inputModes: {
                      rule: 'repeated',
                      type: 'string',
                      id: 6,
                    },
                    outputModes: {
                      rule: 'repeated',
                      type: 'string',
                      id: 7,
                    },
                    securityRequirements: {
                      rule: 'repeated',
                      type: 'SecurityRequirement',
                      id: 8,
                    },
                  },
                },
                AgentCardSignature: {
                  fields: {
                    protected: {
                      type: 'string',
                      id: 1,
                    },
                    signature: {
                      type: 'string',
                      id: 2,
                    },
                    header: {
                      type: 'google.protobuf.Struct',
                      id: 3,
                    },
                  },
                },
                StringList: {
                  fields: {
                    list: {
                      rule: 'repeated',
                      type: 'string',
                      id: 1,
                    },
                  },
                },
                SecurityRequirement: {
                  fields: {
                    schemes: {
                      keyType: 'string',
                      type: 'StringList',
                      id: 1,
                    },
                  },
                },
                SecurityScheme: {
                  oneofs: {
                    scheme: {
                      oneof: [
                        'apiKeySecurityScheme',
                        'httpAuthSecurityScheme',
                        'oauth2SecurityScheme',
                        'openIdConnectSecurityScheme',
                        'mtlsSecurityScheme',
                      ],
                    },
                  },
                  fields: {
                    apiKeySecurityScheme: {
                      type: 'APIKeySecurityScheme',
                      id: 1,
                    },
                    httpAuthSecurityScheme: {
                      type: 'HTTPAuthSecurityScheme',
                      id: 2,
                    },
                    oauth2SecurityScheme: {
                      type: 'OAuth2SecurityScheme',
                      id: 3,
                    },
                    openIdConnectSecurityScheme: {
                      type: 'OpenIdConnectSecurityScheme',
                      id: 4,
                    },
                    mtlsSecurityScheme: {
                      type: 'MutualTlsSecurityScheme',
                      id: 5,
                    },
                  },
                },
                APIKeySecurityScheme: {
                  fields: {
                    description: {
                      type: 'string',
                      id: 1,
                    },
                    location: {
                      type: 'string',
                      id: 2,
                    },
                    name: {
                      type: 'string',
                      id: 3,
                    },
                  },
                },
                HTTPAuthSecurityScheme: {
                  fields: {
                    description: {
                      type: 'string',
                      id: 1,
                    },
                    scheme: {
                      type: 'string',
                      id: 2,
                    },
                    bearerFormat: {
                      type: 'string',
                      id: 3,
                    },
                  },
                },
                OAuth2SecurityScheme: {
                  fields: {
                    description: {
                      type: 'string',
                      id: 1,
                    },
                    flows: {
                      type: 'OAuthFlows',
                      id: 2,
                    },
                    oauth2MetadataUrl: {
                      type: 'string',
                      id: 3,
                    },
                  },
                },
                OpenIdConnectSecurityScheme: {
                  fields: {
                    description: {
                      type: 'string',
                      id: 1,
                    },
                    openIdConnectUrl: {
                      type: 'string',
                      id: 2,
                    },
                  },
                },
                MutualTlsSecurityScheme: {
                  fields: {
                    description: {
                      type: 'string',
                      id: 1,
                    },
                  },
                },
                OAuthFlows: {
                  oneofs: {
                    flow: {
                      oneof: ['authorizationCode', 'clientCredentials', 'implicit', 'password', 'deviceCode'],
                    },
                  },
                  fields: {
                    authorizationCode: {
                      type: 'AuthorizationCodeOAuthFlow',
                      id: 1,
                    },
                    clientCredentials: {
                      type: 'ClientCredentialsOAuthFlow',
                      id: 2,
                    },
                    implicit: {
                      type: 'ImplicitOAuthFlow',
                      id: 3,
                      options: {
                        deprecated: true,
                      },
                    },
                    password: {
                      type: 'PasswordOAuthFlow',
                      id: 4,
                      options: {
                        deprecated: true,
                      },
                    },
                    deviceCode: {
                      type: 'DeviceCodeOAuthFlow',
                      id: 5,
                    },
                  },
                },
                AuthorizationCodeOAuthFlow: {
                  fields: {
                    authorizationUrl: {
                      type: 'string',
                      id: 1,
                    },
                    tokenUrl: {
                      type: 'string',
                      id: 2,
                    },
                    refreshUrl: {
                      type: 'string',
                      id: 3,
                    },
                    scopes: {
                      keyType: 'string',
                      type: 'string',
                      id: 4,
                    },
                    pkceRequired: {
                      type: 'bool',
                      id: 5,
                    },
                  },
                },
                ClientCredentialsOAuthFlow: {
                  fields: {
                    tokenUrl: {
                      type: 'string',
                      id: 1,
                    },
                    refreshUrl: {
                      type: 'string',
                      id: 2,
                    },
                    scopes: {
                      keyType: 'string',
                      type: 'string',
                      id: 3,
                    },
                  },
                },
                ImplicitOAuthFlow: {
                  fields: {
                    authorizationUrl: {
                      type: 'string',
                      id: 1,
                    },
                    refreshUrl: {
                      type: 'string',
                      id: 2,
                    },
                    scopes: {
                      keyType: 'string',
                      type: 'string',
                      id: 3,
                    },
                  },
                },
                PasswordOAuthFlow: {
                  fields: {
                    tokenUrl: {
                      type: 'string',
                      id: 1,
                    },
                    refreshUrl: {
                      type: 'string',
                      id: 2,
                    },
                    scopes: {
                      keyType: 'string',
                      type: 'string',
                      id: 3,
                    },
                  },
                },
                DeviceCodeOAuthFlow: {
                  fields: {
                    deviceAuthorizationUrl: {
                      type: 'string',
                      id: 1,
                    },
                    tokenUrl: {
                      type: 'string',
                      id: 2,
                    },
                    refreshUrl: {
                      type: 'string',
                      id: 3,
                    },
                    scopes: {
                      keyType: 'string',
                      type: 'string',
                      id: 4,
                    },
                  },
                },
                SendMessageRequest: {
                  fields: {
                    tenant: {
                      type: 'string',
                      id: 1,
                    },
                    message: {
                      type: 'Message',
                      id: 2,
                    },
                    configuration: {
                      type: 'SendMessageConfiguration',
                      id: 3,
                    },
                    metadata: {
                      type: 'google.protobuf.Struct',
                      id: 4,
                    },
                  },
                },
                SendMessageResponse: {
                  oneofs: {
                    payload: {
                      oneof: ['task', 'message'],
                    },
                  },
                  fields: {
                    task: {
                      type: 'Task',
                      id: 1,
                    },
                    message: {
                      type: 'Message',
                      id: 2,
                    },
                  },
                },
                StreamResponse: {
                  oneofs: {
                    payload: {
                      oneof: ['task', 'message', 'statusUpdate', 'artifactUpdate'],
                    },
                  },
                  fields: {
                    task: {
                      type: 'Task',
                      id: 1,
                    },
                    message: {
                      type: 'Message',
                      id: 2,
                    },
                    statusUpdate: {
                      type: 'TaskStatusUpdateEvent',
                      id: 3,
                    },
                    artifactUpdate: {
                      type: 'TaskArtifactUpdateEvent',
                      id: 4,
                    },
                  },
                },
                GetTaskRequest: {
                  oneofs: {
                    _historyLength: {
                      oneof: ['historyLength'],
                    },
                  },
                  fields: {
                    tenant: {
                      type: 'string',
                      id: 1,
                    },
                    id: {
                      type: 'string',
                      id: 2,
                    },
                    historyLength: {
                      type: 'int32',
                      id: 3,
                      options: {
                        proto3_optional: true,
                      },
                    },
                  },
                },
                ListTasksRequest: {
                  oneofs: {
                    _pageSize: {
                      oneof: ['pageSize'],
                    },
                    _historyLength: {
                      oneof: ['historyLength'],
                    },
                    _includeArtifacts: {
                      oneof: ['includeArtifacts'],
                    },
                  },
                  fields: {
                    tenant: {
                      type: 'string',
                      id: 1,
                    },
                    contextId: {
                      type: 'string',
                      id: 2,
                    },
                    status: {
                      type: 'TaskState',
                      id: 3,
                    },
                    pageSize: {
                      type: 'int32',
                      id: 4,
                      options: {
                        proto3_optional: true,
                      },
                    },
                    pageToken: {
                      type: 'string',
                      id: 5,
                    },
                    historyLength: {
                      type: 'int32',
                      id: 6,
                      options: {
                        proto3_optional: true,
                      },
                    },
                    statusTimestampAfter: {
                      type: 'google.protobuf.Timestamp',
                      id: 7,
                    },
                    includeArtifacts: {
                      type: 'bool',
                      id: 8,
                      options: {
                        proto3_optional: true,
                      },
                    },
                  },
                },
                ListTasksResponse: {
                  fields: {
                    tasks: {
                      rule: 'repeated',
                      type: 'Task',
                      id: 1,
                    },
                    nextPageToken: {
                      type: 'string',
                      id: 2,
                    },
                    pageSize: {
                      type: 'int32',
                      id: 3,
                    },
                    totalSize: {
                      type: 'int32',
                      id: 4,
                    },
                  },
                },
                CancelTaskRequest: {
                  fields: {
                    tenant: {
                      type: 'string',
                      id: 1,
                    },
                    id: {
                      type: 'string',
                      id: 2,
                    },
                    metadata: {
                      type: 'google.protobuf.Struct',
                      id: 3,
                    },
                  },
                },
                SubscribeToTaskRequest: {
                  fields: {
                    tenant: {
                      type: 'string',
                      id: 1,
                    },
                    id: {
                      type: 'string',
                      id: 2,
                    },
                  },
                },
                GetTaskPushNotificationConfigRequest: {
                  fields: {
                    tenant: {
                      type: 'string',
                      id: 1,
                    },
                    taskId: {
                      type: 'string',
                      id: 2,
                    },
                    id: {
                      type: 'string',
                      id: 3,
                    },
                  },
                },
                DeleteTaskPushNotificationConfigRequest: {
                  fields: {
                    tenant: {
                      type: 'string',
                      id: 1,
                    },
                    taskId: {
                      type: 'string',
                      id: 2,
                    },
                    id: {
                      type: 'string',
                      id: 3,
                    },
                  },
                },
                ListTaskPushNotificationConfigsRequest: {
                  fields: {
                    tenant: {
                      type: 'string',
                      id: 4,
                    },
                    taskId: {
                      type: 'string',
                      id: 1,
                    },
                    pageSize: {
                      type: 'int32',
                      id: 2,
                    },
                    pageToken: {
                      type: 'string',
                      id: 3,
                    },
                  },
                },
                ListTaskPushNotificationConfigsResponse: {
                  fields: {
                    configs: {
                      rule: 'repeated',
                      type: 'TaskPushNotificationConfig',
                      id: 1,
                    },
                    nextPageToken: {
                      type: 'string',
                      id: 2,
                    },
                  },
                },
                GetExtendedAgentCardRequest: {
                  fields: {
                    tenant: {
                      type: 'string',
                      id: 1,
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    google: {
      nested: {
        protobuf: {
          nested: {
            Empty: {
              fields: {},
            },
            Struct: {
              fields: {
                fields: {
                  keyType: 'string',
                  type: 'Value',
                  id: 1,
                },
              },
            },
            Value: {
              oneofs: {
                kind: {
                  oneof: ['nullValue', 'numberValue', 'stringValue', 'boolValue', 'structValue', 'listValue'],
                },
              },
              fields: {
                nullValue: {
                  type: 'NullValue',
                  id: 1,
                },
                numberValue: {
                  type: 'double',
                  id: 2,
                },
                stringValue: {
                  type: 'string',
                  id: 3,
                },
                boolValue: {
                  type: 'bool',
                  id: 4,
                },
                structValue: {
                  type: 'Struct',
                  id: 5,
                },
                listValue: {
                  type: 'ListValue',
                  id: 6,
                },
              },
            },
            NullValue: {
              values: {
                NULL_VALUE: 0,
              },
            },
            ListValue: {
              fields: {
                values: {
                  rule: 'repeated',
                  type: 'Value',
                  id: 1,
                },
              },
            },
            Timestamp: {
              fields: {
                seconds: {
                  type: 'int64',
                  id: 1,
                },
                nanos: {
                  type: 'int32',
                  id: 2,
                },
              },
            },
            Any: {
              fields: {
                type_url: {
                  type: 'string',
                  id: 1,
                },
                value: {
                  type: 'bytes',
                  id: 2,
                },
              },
            },
          },
        },
        rpc: {
          nested: {
            Status: {
              fields: {
                code: {
                  type: 'int32',
                  id: 1,
                },
                message: {
                  type: 'string',
                  id: 2,
                },
                details: {
                  rule: 'repeated',
                  type: 'google.protobuf.Any',
                  id: 3,
                },
              },
            },
            ErrorInfo: {
              fields: {
                reason: {
                  type: 'string',
                  id: 1,
                },
                domain: {
                  type: 'string',
                  id: 2,
                },
                metadata: {
                  keyType: 'string',
                  type: 'string',
                  id: 3,
                },
              },
            },
          },
        },
      },
    },
  },
};
