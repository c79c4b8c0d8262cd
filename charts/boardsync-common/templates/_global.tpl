{{/*
The settings every service reads, set once under `global` in the umbrella chart. Their defaults
live here, once, so each service chart also renders alone; `include "boardsync.global" .`
returns the defaults overlaid with .Values.global. Plain YAML between the markers: the chart
docs generator (charts/schema) reads the defaults from it.
*/}}
{{- define "boardsync.globalDefaults" -}}
# global-defaults:begin
image:
  registry: ""
  repository: boardsync
  tag: ""
  pullPolicy: Always
imagePullSecrets: []
instance: ""
prefix: boardsync
publicBaseUrl: https://boardsync.example.com
assetPublicUrl: https://assets.boardsync.example.com
logLevel: info
sharedSecret: boardsync-shared
kafka:
  brokers: kafka:9092
  topicPartitions: 3
  replicationFactor: 1
  tls:
    enabled: false
    caSecret:
      name: ""
      key: ca.crt
    clientCertSecret:
      name: ""
      certKey: tls.crt
      keyKey: tls.key
  sasl:
    mechanism: ""
    username: ""
    passwordSecret:
      name: ""
      key: password
    allowPlaintext: false
redis:
  secretName: boardsync-redis
  secretKey: REDIS_URL
caBundle:
  configMapName: ""
  secretName: ""
  key: ca.crt
extraEnv: []
extraEnvFrom: []
extraVolumes: []
extraVolumeMounts: []
podAnnotations: {}
podLabels: {}
serviceAccount:
  annotations: {}
reloader:
  enabled: false
networkPolicy:
  enabled: true
  dnsTo:
    - namespaceSelector:
        matchLabels:
          kubernetes.io/metadata.name: kube-system
      podSelector:
        matchLabels:
          k8s-app: kube-dns
  datastoreEgress:
    - to:
        - ipBlock:
            cidr: 10.0.0.0/8
        - ipBlock:
            cidr: 172.16.0.0/12
        - ipBlock:
            cidr: 192.168.0.0/16
      ports:
        - port: 5432
          protocol: TCP
        - port: 6379
          protocol: TCP
        - port: 9092
          protocol: TCP
        - port: 9000
          protocol: TCP
        - port: 443
          protocol: TCP
  metricsFrom:
    - namespaceSelector: {}
      podSelector:
        matchLabels:
          app.kubernetes.io/name: prometheus
tracing:
  otlpEndpoint: ""
  sampler: parentbased_always_on
  samplerArg: ""
  egressTo:
    - to:
        - ipBlock:
            cidr: 10.0.0.0/8
        - ipBlock:
            cidr: 172.16.0.0/12
        - ipBlock:
            cidr: 192.168.0.0/16
      ports:
        - port: 4318
          protocol: TCP
serviceMonitor:
  enabled: false
  interval: 30s
  labels: {}
podSecurity:
  uid: 10001
# global-defaults:end
{{- end -}}

{{- define "boardsync.global" -}}
{{- $user := deepCopy (.Values.global | default dict) -}}
{{- /* maps merge key by key; a value given (false, "", [] included) replaces the default; lists are replaced whole */ -}}
{{- toYaml (mustMergeOverwrite (include "boardsync.globalDefaults" . | fromYaml) $user) -}}
{{- end -}}
