{{/*
Kafka over TLS and SASL (global.kafka.tls, global.kafka.sasl): the variables the services read
(docs/operations.md §2), and the Secrets they name mounted read-only as files under
/etc/boardsync/kafka, in the servers and the migration Job's create-topics step alike.
*/}}

{{/* → map of plain settings (merged into the ConfigMap and the create-topics step) */}}
{{- define "boardsync.kafkaSecurityEnv" -}}
{{- $k := (include "boardsync.global" . | fromYaml).kafka -}}
{{- if or $k.tls.enabled $k.tls.caSecret.name $k.tls.clientCertSecret.name }}
KAFKA_TLS: "true"
{{- end }}
{{- with $k.tls.caSecret.name }}
KAFKA_TLS_CA_FILE: {{ printf "/etc/boardsync/kafka/ca/%s" $k.tls.caSecret.key | quote }}
{{- end }}
{{- with $k.tls.clientCertSecret.name }}
KAFKA_TLS_CERT_FILE: {{ printf "/etc/boardsync/kafka/client/%s" $k.tls.clientCertSecret.certKey | quote }}
KAFKA_TLS_KEY_FILE: {{ printf "/etc/boardsync/kafka/client/%s" $k.tls.clientCertSecret.keyKey | quote }}
{{- end }}
{{- with $k.sasl.mechanism }}
{{- if not $k.sasl.passwordSecret.name }}{{ fail "global.kafka.sasl.passwordSecret.name is required with global.kafka.sasl.mechanism" }}{{ end }}
{{- if not $k.sasl.username }}{{ fail "global.kafka.sasl.username is required with global.kafka.sasl.mechanism" }}{{ end }}
{{- if and (eq . "plain") (not (or $k.tls.enabled $k.tls.caSecret.name $k.tls.clientCertSecret.name)) (not $k.sasl.allowPlaintext) }}
{{- fail "global.kafka.sasl.mechanism plain without global.kafka.tls sends the password in clear: enable TLS, use scram-sha-256/512, or set global.kafka.sasl.allowPlaintext" }}
{{- end }}
KAFKA_SASL_MECHANISM: {{ . | quote }}
KAFKA_SASL_USERNAME: {{ $k.sasl.username | quote }}
KAFKA_SASL_PASSWORD_FILE: {{ printf "/etc/boardsync/kafka/sasl/%s" $k.sasl.passwordSecret.key | quote }}
{{- if $k.sasl.allowPlaintext }}
KAFKA_SASL_ALLOW_PLAINTEXT: "true"
{{- end }}
{{- end }}
{{- end -}}

{{/* → volumes: entries for the Secrets named */}}
{{- define "boardsync.kafkaVolumes" -}}
{{- $k := (include "boardsync.global" . | fromYaml).kafka -}}
{{- with $k.tls.caSecret.name }}
- name: kafka-ca
  secret: { secretName: {{ . | quote }}, defaultMode: 0440, items: [{ key: {{ $k.tls.caSecret.key | quote }}, path: {{ $k.tls.caSecret.key | quote }} }] }
{{- end }}
{{- with $k.tls.clientCertSecret.name }}
- name: kafka-client
  secret:
    secretName: {{ . | quote }}
    defaultMode: 0440
    items:
      - { key: {{ $k.tls.clientCertSecret.certKey | quote }}, path: {{ $k.tls.clientCertSecret.certKey | quote }} }
      - { key: {{ $k.tls.clientCertSecret.keyKey | quote }}, path: {{ $k.tls.clientCertSecret.keyKey | quote }} }
{{- end }}
{{- if $k.sasl.mechanism }}
- name: kafka-sasl
  secret: { secretName: {{ $k.sasl.passwordSecret.name | quote }}, defaultMode: 0440, items: [{ key: {{ $k.sasl.passwordSecret.key | quote }}, path: {{ $k.sasl.passwordSecret.key | quote }} }] }
{{- end }}
{{- end -}}

{{/* → volumeMounts: entries for those volumes */}}
{{- define "boardsync.kafkaMounts" -}}
{{- $k := (include "boardsync.global" . | fromYaml).kafka -}}
{{- if $k.tls.caSecret.name }}
- { name: kafka-ca, mountPath: /etc/boardsync/kafka/ca, readOnly: true }
{{- end }}
{{- if $k.tls.clientCertSecret.name }}
- { name: kafka-client, mountPath: /etc/boardsync/kafka/client, readOnly: true }
{{- end }}
{{- if $k.sasl.mechanism }}
- { name: kafka-sasl, mountPath: /etc/boardsync/kafka/sasl, readOnly: true }
{{- end }}
{{- end -}}
