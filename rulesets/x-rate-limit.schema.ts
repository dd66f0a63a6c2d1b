// The JSON schema of the `x-rate-limit` extension (docs/x-rate-limit.md). The source of truth:
// `npm run docs` writes it to rulesets/x-rate-limit.schema.json for editors and other tools. It is a
// module rather than a JSON import so that Spectral's ruleset bundler can load the ruleset too.
export default {
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://github.com/apilint/apilint/blob/main/rulesets/x-rate-limit.schema.json",
  "title": "x-rate-limit",
  "description": "Rate limit policy of an OpenAPI document, path item or operation (the nearest one wins), or `exempt: true` for an endpoint that is not limited. See docs/x-rate-limit.md.",
  "type": "object",
  "properties": {
    "limit": {
      "$ref": "#/definitions/limit"
    },
    "window": {
      "$ref": "#/definitions/window"
    },
    "key": {
      "description": "Who a limit is counted for.",
      "enum": [
        "USER",
        "APPLICATION",
        "IP",
        "DEVICE"
      ],
      "errorMessage": "must be one of USER, APPLICATION, IP, DEVICE"
    },
    "algorithm": {
      "description": "Algorithm of the limiter.",
      "enum": [
        "TOKEN_BUCKET",
        "LEAKING_BUCKET",
        "FIXED_WINDOW_COUNTER",
        "SLIDING_WINDOW_LOG",
        "SLIDING_WINDOW_COUNTER"
      ],
      "errorMessage": "must be one of TOKEN_BUCKET, LEAKING_BUCKET, FIXED_WINDOW_COUNTER, SLIDING_WINDOW_LOG, SLIDING_WINDOW_COUNTER"
    },
    "tiers": {
      "description": "Limits per pricing tier, by tier name.",
      "type": "object",
      "minProperties": 1,
      "additionalProperties": {
        "$ref": "#/definitions/tier"
      }
    },
    "excess": {
      "description": "What happens to requests above the limit.",
      "enum": [
        "REJECT",
        "QUEUE",
        "BATCH"
      ],
      "errorMessage": "must be one of REJECT, QUEUE, BATCH"
    },
    "exempt": {
      "description": "true: the endpoint is not rate limited, and the object holds nothing else.",
      "type": "boolean"
    }
  },
  "patternProperties": {
    "^x-": {}
  },
  "additionalProperties": false,
  "if": {
    "type": "object",
    "required": [
      "exempt"
    ],
    "properties": {
      "exempt": {
        "const": true
      }
    }
  },
  "then": {
    "not": {
      "anyOf": [
        {
          "required": [
            "limit"
          ]
        },
        {
          "required": [
            "window"
          ]
        },
        {
          "required": [
            "key"
          ]
        },
        {
          "required": [
            "algorithm"
          ]
        },
        {
          "required": [
            "tiers"
          ]
        },
        {
          "required": [
            "excess"
          ]
        }
      ]
    },
    "errorMessage": "must hold nothing but \"exempt: true\": an exempt endpoint has no policy"
  },
  "else": {
    "required": [
      "limit",
      "window",
      "key",
      "algorithm"
    ]
  },
  "definitions": {
    "tier": {
      "type": "object",
      "required": [
        "limit",
        "window"
      ],
      "properties": {
        "limit": {
          "$ref": "#/definitions/limit"
        },
        "window": {
          "$ref": "#/definitions/window"
        }
      },
      "patternProperties": {
        "^x-": {}
      },
      "additionalProperties": false
    },
    "limit": {
      "description": "Requests allowed per window.",
      "type": "integer",
      "minimum": 1
    },
    "window": {
      "description": "Length of the window as an ISO 8601 duration, for example PT1M or P1D.",
      "type": "string",
      "pattern": "^P(?=\\d|T\\d)(\\d+Y)?(\\d+M)?(\\d+W)?(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?(\\d+(\\.\\d+)?S)?)?$",
      "errorMessage": "must be an ISO 8601 duration, for example PT1M or P1D"
    }
  }
} as const;
