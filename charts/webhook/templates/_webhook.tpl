{{- define "webhook.env" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
PUBLIC_BASE_URL: {{ $g.publicBaseUrl | quote }}
AUTH_INTERNAL_URL: {{ include "boardsync.peerInternalUrl" (list . "auth") }}
{{- end -}}

{{- define "webhook.secretEnv" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
- { name: WEBHOOK_SECRET_KEYS, secret: {{ $g.sharedSecret | quote }}, key: WEBHOOK_SECRET_KEYS }
{{- end -}}

{{- define "webhook.network" -}}
public: gateway
internalFrom: [auth]
calls:
  - { service: auth, port: internal }
internet: true
{{- end -}}
