{{- define "boardsync.deployment" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "boardsync.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "boardsync.labels" . | nindent 4 }}
    app.kubernetes.io/component: server
  annotations:
    {{- include "boardsync.checkovSkips" . | nindent 4 }}
    {{- if $g.reloader.enabled }}
    secret.reloader.stakater.com/reload: {{ include "boardsync.referencedSecrets" . | quote }}
    {{- end }}
spec:
  {{- if not .Values.autoscaling.enabled }}
  replicas: {{ .Values.replicaCount }}
  {{- end }}
  revisionHistoryLimit: 5
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 0
  selector:
    matchLabels:
      {{- include "boardsync.selectorLabels" (list . "server") | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "boardsync.labels" . | nindent 8 }}
        app.kubernetes.io/component: server
        {{- with include "boardsync.podLabels" . }}
        {{- . | nindent 8 }}
        {{- end }}
      annotations:
        checksum/config: {{ include "boardsync.plainEnv" . | sha256sum }}
        {{- with include "boardsync.podAnnotations" . }}
        {{- . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "boardsync.fullname" . }}
      {{- include "boardsync.podCommon" . | nindent 6 }}
      terminationGracePeriodSeconds: {{ .Values.terminationGracePeriodSeconds }}
      topologySpreadConstraints:
        {{- range $key := list "topology.kubernetes.io/zone" "kubernetes.io/hostname" }}
        - maxSkew: {{ $.Values.topologySpread.maxSkew }}
          topologyKey: {{ $key }}
          whenUnsatisfiable: {{ $.Values.topologySpread.whenUnsatisfiable }}
          {{- /* tainted nodes a pod cannot land on do not count, and each rollout's new pods are spread among themselves, so DoNotSchedule cannot stall a rollout */}}
          nodeTaintsPolicy: Honor
          matchLabelKeys: [pod-template-hash]
          labelSelector:
            matchLabels:
              {{- include "boardsync.selectorLabels" (list $ "server") | nindent 14 }}
        {{- end }}
      {{- with .Values.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
        - name: {{ .Chart.Name }}
          image: {{ include "boardsync.image" . }}
          imagePullPolicy: {{ $g.image.pullPolicy }}
          ports:
            - name: http
              containerPort: {{ include "boardsync.httpPort" . }}
              protocol: TCP
            - name: internal
              containerPort: {{ include "boardsync.internalPort" . }}
              protocol: TCP
            - name: metrics
              containerPort: {{ include "boardsync.metricsPort" . }}
              protocol: TCP
          envFrom:
            - configMapRef:
                name: {{ include "boardsync.fullname" . }}
            {{- with include "boardsync.extraEnvFrom" . | trim }}
            {{- . | nindent 12 }}
            {{- end }}
          env:
            {{- include "boardsync.secretEnv" (list . false) | trim | nindent 12 }}
            {{- with include "boardsync.extraEnv" . | trim }}
            {{- . | nindent 12 }}
            {{- end }}
          {{- /* liveness asks only whether the process answers; readiness whether its dependencies do */}}
          startupProbe:
            httpGet: { path: /healthz, port: http }
            periodSeconds: 2
            failureThreshold: 60
          livenessProbe:
            httpGet: { path: /healthz, port: http }
            periodSeconds: 10
            timeoutSeconds: 3
            failureThreshold: 3
          readinessProbe:
            httpGet: { path: /readyz, port: http }
            periodSeconds: 5
            timeoutSeconds: 3
            failureThreshold: 2
          {{- /* leave the load balancer time to stop sending before the process begins its own drain */}}
          lifecycle:
            preStop:
              sleep:
                seconds: {{ .Values.preStopSleepSeconds }}
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
          securityContext:
            {{- include "boardsync.containerSecurityContext" . | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            {{- include "boardsync.kafkaMounts" . | nindent 12 }}
            {{- include "boardsync.extraVolumeMounts" . | nindent 12 }}
{{- end -}}
