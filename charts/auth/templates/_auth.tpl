{{- define "auth.env" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
CATALOG_INTERNAL_URL: {{ include "boardsync.peerInternalUrl" (list . "catalog") }}
ASSET_INTERNAL_URL: {{ include "boardsync.peerInternalUrl" (list . "asset") }}
WEBHOOK_INTERNAL_URL: {{ include "boardsync.peerInternalUrl" (list . "webhook") }}
REDIS_KEY_PREFIX: {{ $g.prefix | quote }}
PUBLIC_BASE_URL: {{ $g.publicBaseUrl | quote }}
{{- end -}}

{{- define "auth.secretEnv" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
- { name: INTROSPECTION_CLIENT_SECRET, secret: {{ $g.sharedSecret | quote }}, key: INTROSPECTION_CLIENT_SECRET }
- { name: SESSION_SECRET, secret: {{ $g.sharedSecret | quote }}, key: SESSION_SECRET }
- { name: REDIS_URL, secret: {{ $g.redis.secretName | quote }}, key: {{ $g.redis.secretKey | quote }} }
{{- end -}}

{{- define "auth.network" -}}
public: gateway
internalFrom: [gateway, webhook]
calls:
  - { service: catalog, port: internal }
  - { service: asset, port: internal }
  - { service: webhook, port: internal }
internet: false
{{- end -}}
