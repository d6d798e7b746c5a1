<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>FieldHelp</name>
    <message>
        <source>Unit:</source>
        <translation>Einheit:</translation>
    </message>
    <message>
        <source>Default:</source>
        <translation>Standard:</translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::BreakEvenChart</name>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>Break-even: no plan (%1)</source>
        <translation>Break-even: kein Plan (%1)</translation>
    </message>
    <message>
        <source>Break-even: no API price for %1; set one under Pricing to compare</source>
        <translation>Break-even: kein API-Preis für %1; unter Preise einen festlegen, um zu vergleichen</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>%1 x %2 breaks even at %3 output tokens per month (%4 per month either way)</source>
        <translation>%1 x %2 erreicht den Break-even bei %3 Ausgabe-Tokens pro Monat (so oder so %4 pro Monat)</translation>
    </message>
    <message>
        <source>Your volume</source>
        <translation>Ihr Volumen</translation>
    </message>
    <message>
        <source>API: %1 per month for %2 output tokens</source>
        <translation>API: %1 pro Monat für %2 Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>%1 does not fit</source>
        <translation>%1 passt nicht</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 x %2 at %3 h/day: %4 per month (%5 always on)</source>
        <translation>%1 x %2 bei %3 h/Tag: %4 pro Monat (%5 im Dauerbetrieb)</translation>
    </message>
    <message>
        <source>Break-even: %1 output tokens per month</source>
        <translation>Break-even: %1 Ausgabe-Tokens pro Monat</translation>
    </message>
    <message>
        <source>Does not fit: serves no tokens, never breaks even</source>
        <translation>Passt nicht: liefert keine Tokens, erreicht nie den Break-even</translation>
    </message>
    <message>
        <source>Output tokens per month (log)</source>
        <translation>Ausgabe-Tokens pro Monat (log)</translation>
    </message>
    <message>
        <source>USD per month (log)</source>
        <translation>USD pro Monat (log)</translation>
    </message>
    <message>
        <source>%1T</source>
        <translation>%1 Bio.</translation>
    </message>
    <message>
        <source>%1B</source>
        <translation>%1 Mrd.</translation>
    </message>
    <message>
        <source>%1M</source>
        <translation>%1 Mio.</translation>
    </message>
    <message>
        <source>%1K</source>
        <translation>%1 Tsd.</translation>
    </message>
    <message>
        <source>%1 copies of %2 x %3</source>
        <translation>%1 Kopien von %2 x %3</translation>
    </message>
    <message>
        <source>%1 (yours, does not fit)</source>
        <translation>%1 (Ihr Plan, passt nicht)</translation>
    </message>
    <message>
        <source>%1 (yours)</source>
        <translation>%1 (Ihr Plan)</translation>
    </message>
    <message>
        <source>Break-even against %1</source>
        <translation>Break-even gegenüber %1</translation>
    </message>
    <message>
        <source>GPUs rented %1 h/day; break-even, output tokens a month: %2</source>
        <translation>GPUs gemietet %1 h/Tag; Break-even, Ausgabe-Tokens pro Monat: %2</translation>
    </message>
    <message>
        <source>%1 too close to call</source>
        <translation>%1 zu knapp für eine Aussage</translation>
    </message>
    <message>
        <source>Break-even needs %1 output tokens per month: above the modelled capacity, within the throughput band; too close to call</source>
        <translation>Break-even braucht %1 Ausgabe-Tokens pro Monat: über der modellierten Kapazität, innerhalb der Durchsatz-Bandbreite; zu knapp für eine Aussage</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::CardFitView</name>
    <message>
        <source>Weights: %1</source>
        <translation>Gewichte: %1</translation>
    </message>
    <message>
        <source>Does not fit wholly on the GPU at the default context: --n-cpu-moe %1 keeps the experts of the first %1 layers in system RAM and everything else on the GPU (faster here than splitting whole layers); %2 % of each decode step reads RAM.</source>
        <translation>Passt beim Standardkontext nicht vollständig auf die GPU: --n-cpu-moe %1 hält die Experten der ersten %1 Schichten im System-RAM und alles andere auf der GPU (hier schneller als das Aufteilen ganzer Schichten); %2 % jedes Decode-Schritts lesen aus dem RAM.</translation>
    </message>
    <message>
        <source>Does not fit wholly on the GPU at the default context: -ngl %1 keeps %1 of %2 layer slots there and the rest in system RAM; %3 % of each decode step reads RAM.</source>
        <translation>Passt beim Standardkontext nicht vollständig auf die GPU: -ngl %1 hält %1 von %2 Schicht-Slots dort und den Rest im System-RAM; %3 % jedes Decode-Schritts lesen aus dem RAM.</translation>
    </message>
    <message>
        <source>Neither the GPU nor the GPU and system RAM together hold it.</source>
        <translation>Weder die GPU noch GPU und System-RAM zusammen fassen es.</translation>
    </message>
    <message>
        <source>%1 of system memory at %2 GB/s
Source: %3 (as of %4)</source>
        <translation>%1 Systemspeicher mit %2 GB/s
Quelle: %3 (Stand %4)</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>passt nicht</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>%1B</source>
        <translation>%1 Mrd.</translation>
    </message>
    <message>
        <source>this file: %1</source>
        <translation>diese Datei: %1</translation>
    </message>
    <message>
        <source>Every layer on the GPU at llama-server&apos;s defaults (the model&apos;s training context, which --fit lowers as far as 4,096 tokens before it moves layers); the longest context that still fits there: %1 tokens (four slots in one unified f16 KV cache).</source>
        <translation>Jede Schicht auf der GPU mit den Standardwerten von llama-server (dem Trainingskontext des Modells, den --fit bis auf 4.096 Tokens senkt, bevor es Schichten verschiebt); der längste Kontext, der dort noch passt: %1 Tokens (vier Slots in einem gemeinsamen f16-KV-Cache).</translation>
    </message>
    <message>
        <source>Decode ceiling at peak memory bandwidth: %1 tokens/s for one sequence at a %2-token context; longer contexts read more KV per token (hostplan-cli plan --engine llama.cpp --context N gives the speed at N).</source>
        <translation>Decode-Obergrenze bei maximaler Speicherbandbreite: %1 Tokens/s für eine Sequenz bei einem Kontext von %2 Tokens; längere Kontexte lesen mehr KV pro Token (hostplan-cli plan --engine llama.cpp --context N gibt die Geschwindigkeit bei N an).</translation>
    </message>
    <message>
        <source>runs to %1
%2 tokens/s at %3</source>
        <translation>läuft bis %1
%2 Tokens/s bei %3</translation>
    </message>
    <message>
        <source>--n-cpu-moe %1
%2 tokens/s at %3</source>
        <translation>--n-cpu-moe %1
%2 Tokens/s bei %3</translation>
    </message>
    <message>
        <source>-ngl %1/%2
%3 tokens/s at %4</source>
        <translation>-ngl %1/%2
%3 Tokens/s bei %4</translation>
    </message>
    <message>
        <source>Each model stored as each llama.cpp type and run by llama-server with its defaults (four slots in one unified f16 KV cache; the model&apos;s training context, lowered by --fit as far as 4,096 tokens). A cell gives the longest context that runs wholly on the card, or else the offload that fits (-ngl: whole layers in system RAM; --n-cpu-moe: only experts), each leaving the 1 GiB free that --fit leaves, and the decode ceiling at peak bandwidth. Uniform types approximate published files (Q4_K_M is mostly q4_K).</source>
        <translation>Jedes Modell in jedem llama.cpp-Typ gespeichert und von llama-server mit seinen Standardwerten ausgeführt (vier Slots in einem gemeinsamen f16-KV-Cache; der Trainingskontext des Modells, von --fit bis auf 4.096 Tokens gesenkt). Eine Zelle zeigt den längsten Kontext, der vollständig auf der Karte läuft, oder sonst das passende Offloading (-ngl: ganze Schichten im System-RAM; --n-cpu-moe: nur Experten), jeweils mit den 1 GiB frei, die --fit frei lässt, und die Decode-Obergrenze bei maximaler Bandbreite. Einheitliche Typen nähern veröffentlichte Dateien an (Q4_K_M ist größtenteils q4_K).</translation>
    </message>
    <message>
        <source>Card:</source>
        <translation>Karte:</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>Host:</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::CompareChart</name>
    <message>
        <source>Tokens/s per user</source>
        <translation>Tokens/s pro Nutzer</translation>
    </message>
    <message>
        <source>%1 (does not fit)</source>
        <translation>%1 (passt nicht)</translation>
    </message>
    <message>
        <source>%1 (no plan)</source>
        <translation>%1 (kein Plan)</translation>
    </message>
    <message>
        <source>%1
%2 tokens/s per user, %3 tokens/s in all</source>
        <translation>%1
%2 Tokens/s pro Nutzer, %3 Tokens/s insgesamt</translation>
    </message>
    <message>
        <source>Decode throughput against speed per user (circles: capacity at the target; the table&apos;s output tokens/s include prefill)</source>
        <translation>Decode-Durchsatz gegen Geschwindigkeit pro Nutzer (Kreise: Kapazität beim Ziel; die Ausgabe-Tokens/s der Tabelle enthalten Prefill)</translation>
    </message>
    <message>
        <source>Decode tokens/s</source>
        <translation>Decode-Tokens/s</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::CompareModel</name>
    <message>
        <source>as shipped</source>
        <translation>wie ausgeliefert</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>Eingaben</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Weight formats</source>
        <translation>Gewichtsformate</translation>
    </message>
    <message>
        <source>KV cache format</source>
        <translation>KV-Cache-Format</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU-Anzahl</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>GPUs pro Knoten</translation>
    </message>
    <message>
        <source>GPU default</source>
        <translation>GPU-Standard</translation>
    </message>
    <message>
        <source>TP / EP / PP</source>
        <translation>TP / EP / PP</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>Parallelität</translation>
    </message>
    <message>
        <source>Tokens per month (in / cached / out)</source>
        <translation>Tokens pro Monat (Eingabe / gecacht / Ausgabe)</translation>
    </message>
    <message>
        <source>Hours per day</source>
        <translation>Stunden pro Tag</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Passt</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>Aufteilung</translation>
    </message>
    <message>
        <source>%1 x %2, TP %3 x PP %4, EP %5</source>
        <translation>%1 x %2, TP %3 x PP %4, EP %5</translation>
    </message>
    <message>
        <source>Weights (whole model)</source>
        <translation>Gewichte (ganzes Modell)</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>Speicher pro GPU</translation>
    </message>
    <message>
        <source>Weights per GPU</source>
        <translation>Gewichte pro GPU</translation>
    </message>
    <message>
        <source>KV cache per GPU</source>
        <translation>KV-Cache pro GPU</translation>
    </message>
    <message>
        <source>Max concurrency at the context</source>
        <translation>Max. Parallelität beim Kontext</translation>
    </message>
    <message>
        <source>Memory floor / practical GPUs</source>
        <translation>Speicheruntergrenze / praktische GPUs</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>GPU rate</source>
        <translation>GPU-Preis</translation>
    </message>
    <message>
        <source>Monthly cost (scheduled)</source>
        <translation>Monatskosten (nach Zeitplan)</translation>
    </message>
    <message>
        <source>Monthly cost (always on)</source>
        <translation>Monatskosten (Dauerbetrieb)</translation>
    </message>
    <message>
        <source>API cost per month</source>
        <translation>API-Kosten pro Monat</translation>
    </message>
    <message>
        <source>no API price</source>
        <translation>kein API-Preis</translation>
    </message>
    <message>
        <source>Self-hosted per 1M output tokens</source>
        <translation>Selbst gehostet pro 1 Mio. Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>n/a (no output tokens)</source>
        <translation>k. A. (keine Ausgabe-Tokens)</translation>
    </message>
    <message>
        <source>Break-even output tokens per month</source>
        <translation>Break-even Ausgabe-Tokens pro Monat</translation>
    </message>
    <message>
        <source>Break-even heavy users</source>
        <translation>Break-even Vielnutzer</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>%1 per GPU-hour</source>
        <translation>%1 pro GPU-Stunde</translation>
    </message>
    <message>
        <source>n/a (does not fit)</source>
        <translation>n. v. (passt nicht)</translation>
    </message>
    <message>
        <source>not modelled</source>
        <translation>nicht modelliert</translation>
    </message>
    <message>
        <source>Throughput at the target</source>
        <translation>Durchsatz am Ziel</translation>
    </message>
    <message>
        <source>Running batch (sequences)</source>
        <translation>Laufender Batch (Sequenzen)</translation>
    </message>
    <message>
        <source>Output tokens/s (likely, low - high)</source>
        <translation>Ausgabe-Tokens/s (wahrscheinlich, niedrig - hoch)</translation>
    </message>
    <message>
        <source>%1 (%2 - %3)</source>
        <translation>%1 (%2 - %3)</translation>
    </message>
    <message>
        <source>Tokens/s per user</source>
        <translation>Tokens/s pro Nutzer</translation>
    </message>
    <message>
        <source>Median TTFT / TPOT</source>
        <translation>Median TTFT / TPOT</translation>
    </message>
    <message>
        <source>%1 ms / %2 ms</source>
        <translation>%1 ms / %2 ms</translation>
    </message>
    <message>
        <source>Output tokens per month (capacity)</source>
        <translation>Ausgabe-Tokens pro Monat (Kapazität)</translation>
    </message>
    <message>
        <source>Cost per 1M output tokens at capacity</source>
        <translation>Kosten pro 1 Mio. Ausgabe-Tokens bei voller Kapazität</translation>
    </message>
    <message>
        <source>Tokens/s per USD per hour</source>
        <translation>Tokens/s pro USD pro Stunde</translation>
    </message>
    <message>
        <source>%1 (serves %2)</source>
        <translation>%1 (bedient %2)</translation>
    </message>
    <message>
        <source>starts, holds %1 of %2 sequences</source>
        <translation>startet, hält %1 von %2 Sequenzen</translation>
    </message>
    <message>
        <source>no GPU-hour rate</source>
        <translation>kein GPU-Stundenpreis</translation>
    </message>
    <message>
        <source>%1 (serves %2, up to %3 at the band&apos;s fast end)</source>
        <translation>%1 (bedient %2, bis zu %3 am schnellen Ende der Spanne)</translation>
    </message>
    <message>
        <source>%1 (too close to call)</source>
        <translation>%1 (zu knapp für eine Aussage)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::CompareView</name>
    <message>
        <source>&amp;Pin current scenario</source>
        <translation>A&amp;ktuelles Szenario anheften</translation>
    </message>
    <message>
        <source>Pin from file...</source>
        <translation>Aus Datei anheften...</translation>
    </message>
    <message>
        <source>Make pinned current</source>
        <translation>Angeheftetes übernehmen</translation>
    </message>
    <message>
        <source>Differences only</source>
        <translation>Nur Unterschiede</translation>
    </message>
    <message>
        <source>Pin scenario file</source>
        <translation>Szenariodatei anheften</translation>
    </message>
    <message>
        <source>HostPlan scenario (*.json)</source>
        <translation>HostPlan-Szenario (*.json)</translation>
    </message>
    <message>
        <source>Use pinned scenario</source>
        <translation>Angeheftetes Szenario übernehmen</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a valid scenario: %2</source>
        <translation>%1 ist kein gültiges Szenario: %2</translation>
    </message>
    <message>
        <source>The current scenario equals the pinned one.</source>
        <translation>Das aktuelle Szenario gleicht dem angehefteten.</translation>
    </message>
    <message>
        <source>1 difference, highlighted.</source>
        <translation>1 Unterschied, hervorgehoben.</translation>
    </message>
    <message>
        <source>%1 differences, highlighted.</source>
        <translation>%1 Unterschiede, hervorgehoben.</translation>
    </message>
    <message>
        <source>Keep a copy of the current scenario to compare later edits against; pin again to compare several</source>
        <translation>Eine Kopie des aktuellen Szenarios behalten, um spätere Änderungen damit zu vergleichen; erneut anheften, um mehrere zu vergleichen</translation>
    </message>
    <message>
        <source>The pinned scenario the buttons beside act on</source>
        <translation>Das angeheftete Szenario, auf das die Schaltflächen daneben wirken</translation>
    </message>
    <message>
        <source>Replace the current scenario by the chosen pinned one (undoable)</source>
        <translation>Das aktuelle Szenario durch das gewählte angeheftete ersetzen (rückgängig machbar)</translation>
    </message>
    <message>
        <source>Remove pin</source>
        <translation>Anheftung entfernen</translation>
    </message>
    <message>
        <source>Clear pins</source>
        <translation>Anheftungen lösen</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>Angeheftet</translation>
    </message>
    <message>
        <source>Pinned %1</source>
        <translation>Angeheftet %1</translation>
    </message>
    <message>
        <source>At most %1 scenarios can be pinned: remove one first.</source>
        <translation>Höchstens %1 Szenarien können angeheftet werden: zuerst eines entfernen.</translation>
    </message>
    <message>
        <source>Pin the current scenario, then change inputs: the table shows the pinned and the current scenario side by side. Pin again to compare several.</source>
        <translation>Heften Sie das aktuelle Szenario an und ändern Sie dann Eingaben: Die Tabelle zeigt das angeheftete und das aktuelle Szenario nebeneinander. Heften Sie erneut an, um mehrere zu vergleichen.</translation>
    </message>
    <message>
        <source>Current</source>
        <translation>Aktuell</translation>
    </message>
    <message>
        <source>The current scenario equals every pinned one.</source>
        <translation>Das aktuelle Szenario gleicht jedem angehefteten.</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Count</name>
    <message>
        <source>1 GPU</source>
        <translation>1 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 GPUs</translation>
    </message>
    <message>
        <source>1 node</source>
        <translation>1 Knoten</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>%1 Knoten</translation>
    </message>
    <message>
        <source>1 sequence</source>
        <translation>1 Sequenz</translation>
    </message>
    <message>
        <source>%1 sequences</source>
        <translation>%1 Sequenzen</translation>
    </message>
    <message>
        <source>1 heavy user</source>
        <translation>1 Vielnutzer</translation>
    </message>
    <message>
        <source>%1 heavy users</source>
        <translation>%1 Vielnutzer</translation>
    </message>
    <message>
        <source>, attention DP %1</source>
        <translation>, Attention-DP %1</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::DeployView</name>
    <message>
        <source>&lt;h3 style=&apos;color:#b00&apos;&gt;No plan&lt;/h3&gt;&lt;p&gt;%1&lt;/p&gt;</source>
        <translation>&lt;h3 style=&apos;color:#b00&apos;&gt;Kein Plan&lt;/h3&gt;&lt;p&gt;%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2 x %3 (TP %4, EP %5, PP %6), context %7 tokens.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; auf %2 x %3 (TP %4, EP %5, PP %6), Kontext %7 Tokens.</translation>
    </message>
    <message>
        <source>%1 data-parallel replicas on %2: run each command once per replica, behind a load balancer.</source>
        <translation>%1 datenparallele Replikate auf %2: jeden Befehl einmal pro Replikat ausführen, hinter einem Load Balancer.</translation>
    </message>
    <message>
        <source>First, on the nodes:</source>
        <translation>Zuerst auf den Knoten:</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the %1 command to the clipboard</source>
        <translation>Den %1-Befehl in die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Flag</source>
        <translation>Flag</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Why this value</source>
        <translation>Warum dieser Wert</translation>
    </message>
    <message>
        <source>(model)</source>
        <translation>(Modell)</translation>
    </message>
    <message>
        <source>These commands start, holding %1 of the workload&apos;s %2 sequences at once; the rest queue.</source>
        <translation>Diese Befehle starten und halten %1 der %2 Sequenzen der Last gleichzeitig; der Rest wartet.</translation>
    </message>
    <message>
        <source>The plan does not fit: these commands will not start or will cap every request below the context.</source>
        <translation>Der Plan passt nicht: Diese Befehle starten nicht oder kappen jede Anfrage unter den Kontext.</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Export</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>PDF, A4 (*.pdf)</source>
        <translation>PDF, A4 (*.pdf)</translation>
    </message>
    <message>
        <source>PDF, Letter (*.pdf)</source>
        <translation>PDF, Letter (*.pdf)</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>Export tables as CSV (one file per table, named &lt;name&gt;-&lt;table&gt;.csv)</source>
        <translation>Tabellen als CSV exportieren (eine Datei je Tabelle, benannt &lt;Name&gt;-&lt;Tabelle&gt;.csv)</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Export tables as CSV</source>
        <translation>Tabellen als CSV exportieren</translation>
    </message>
    <message>
        <source>Export JSON</source>
        <translation>JSON exportieren</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <source>Export &amp;report...</source>
        <translation>&amp;Bericht exportieren...</translation>
    </message>
    <message>
        <source>Write the budget report as a PDF</source>
        <translation>Den Budgetbericht als PDF schreiben</translation>
    </message>
    <message>
        <source>Export tables as &amp;CSV...</source>
        <translation>Tabellen als &amp;CSV exportieren...</translation>
    </message>
    <message>
        <source>Write the report&apos;s tables as CSV files</source>
        <translation>Die Tabellen des Berichts als CSV-Dateien schreiben</translation>
    </message>
    <message>
        <source>Export &amp;JSON...</source>
        <translation>&amp;JSON exportieren...</translation>
    </message>
    <message>
        <source>Write the whole plan as JSON (the schema of hostplan-cli plan --json)</source>
        <translation>Den ganzen Plan als JSON schreiben (das Schema von hostplan-cli plan --json)</translation>
    </message>
    <message>
        <source>Wrote %1 (%2 pages)</source>
        <translation>%1 geschrieben (%2 Seiten)</translation>
    </message>
    <message>
        <source>Wrote %1 CSV files: %2</source>
        <translation>%1 CSV-Dateien geschrieben: %2</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 geschrieben</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Format</name>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>%1 billion</source>
        <translation>%1 Mrd.</translation>
    </message>
    <message>
        <source>%1 million</source>
        <translation>%1 Mio.</translation>
    </message>
    <message>
        <source>calibrated by a probe report</source>
        <translation>durch einen Probe-Bericht kalibriert</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>gemessen</translation>
    </message>
    <message>
        <source>modelled</source>
        <translation>modelliert</translation>
    </message>
    <message>
        <source>%1 advertised, %2 usable (as the engines measure it)</source>
        <translation>%1 beworben, %2 nutzbar (wie die Engines messen)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::GpuTypesChart</name>
    <message>
        <source>Practical, native MXFP4</source>
        <translation>Praktisch, natives MXFP4</translation>
    </message>
    <message>
        <source>Practical, no native MXFP4</source>
        <translation>Praktisch, kein natives MXFP4</translation>
    </message>
    <message>
        <source>Memory floor</source>
        <translation>Speicheruntergrenze</translation>
    </message>
    <message>
        <source>Practical: no layout up to %1 GPUs carries the workload</source>
        <translation>Praktisch: keine Aufteilung bis %1 GPUs trägt die Last</translation>
    </message>
    <message>
        <source> (no fit)</source>
        <translation> (passt nicht)</translation>
    </message>
    <message>
        <source> (n/a)</source>
        <translation> (k. A.)</translation>
    </message>
    <message>
        <source>
Native MXFP4 tensor cores</source>
        <translation>
Native MXFP4-Tensor-Cores</translation>
    </message>
    <message>
        <source>
No native MXFP4: FP4 weights are dequantized</source>
        <translation>
Kein natives MXFP4: FP4-Gewichte werden dequantisiert</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>%1
Memory floor: %2 (%3 of weights / %4 per GPU)
</source>
        <translation>%1
Speicheruntergrenze: %2 (%3 Gewichte / %4 pro GPU)
</translation>
    </message>
    <message>
        <source>Practical: %1 (TP %2 x PP %3, EP %4), %5 per month</source>
        <translation>Praktisch: %1 (TP %2 x PP %3, EP %4), %5 pro Monat</translation>
    </message>
    <message>
        <source>GPUs needed per GPU type: %1 tokens x %2, %3</source>
        <translation>Benötigte GPUs pro GPU-Typ: %1 Tokens x %2, %3</translation>
    </message>
    <message>
        <source>%1/month · %2</source>
        <translation>%1/Monat · %2</translation>
    </message>
    <message>
        <source>Practical: %1 (TP %2 x PP %3, EP %4)</source>
        <translation>Praktisch: %1 (TP %2 x PP %3, EP %4)</translation>
    </message>
    <message>
        <source>Your plan (GPU count fixed at %1): %2 per month</source>
        <translation>Ihr Plan (GPU-Anzahl fest auf %1): %2 pro Monat</translation>
    </message>
    <message>
        <source>%1/month (%2) · %3</source>
        <translation>%1/Monat (%2) · %3</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Group</name>
    <message>
        <source>attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <source>attention (replicated down-projections)</source>
        <translation>Attention (replizierte Down-Projektionen)</translation>
    </message>
    <message>
        <source>short convolutions</source>
        <translation>kurze Faltungen</translation>
    </message>
    <message>
        <source>norms and small vectors</source>
        <translation>Normen und kleine Vektoren</translation>
    </message>
    <message>
        <source>router</source>
        <translation>Router</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>Embedding</translation>
    </message>
    <message>
        <source>embedding (tied lm_head)</source>
        <translation>Embedding (gekoppelter LM-Head)</translation>
    </message>
    <message>
        <source>lm_head</source>
        <translation>LM-Head</translation>
    </message>
    <message>
        <source>dense MLP</source>
        <translation>dichtes MLP</translation>
    </message>
    <message>
        <source>routed experts</source>
        <translation>geroutete Experten</translation>
    </message>
    <message>
        <source>routed expert biases</source>
        <translation>Biases der gerouteten Experten</translation>
    </message>
    <message>
        <source>shared experts</source>
        <translation>geteilte Experten</translation>
    </message>
    <message>
        <source>latent MoE projections</source>
        <translation>latente MoE-Projektionen</translation>
    </message>
    <message>
        <source>vision tower</source>
        <translation>Vision-Tower</translation>
    </message>
    <message>
        <source>multimodal projector</source>
        <translation>multimodaler Projektor</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::HardwarePanel</name>
    <message>
        <source>%1: %2 per GPU, %3 TB/s HBM, %4 GPUs per node%5
Source: %6 (as of %7)</source>
        <translation>%1: %2 pro GPU, %3 TB/s HBM, %4 GPUs pro Knoten%5
Quelle: %6 (Stand %7)</translation>
    </message>
    <message>
        <source>, native MXFP4</source>
        <translation>, natives MXFP4</translation>
    </message>
    <message>
        <source>&amp;GPU</source>
        <translation>&amp;GPU</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <source>GPUs in the deployment. auto = the smallest rentable count (1 GPU or whole nodes) that carries the workload</source>
        <translation>GPUs im Einsatz. automatisch = die kleinste mietbare Anzahl (1 GPU oder ganze Knoten), die die Last trägt</translation>
    </message>
    <message>
        <source>GPU default</source>
        <translation>GPU-Standard</translation>
    </message>
    <message>
        <source>GPUs per rental node (bundle size); default = the GPU&apos;s usual node (8, or 4 per GB200/GB300 tray)</source>
        <translation>GPUs pro Mietknoten (Bündelgröße); Standard = der übliche Knoten der GPU (8, oder 4 pro GB200/GB300-Tray)</translation>
    </message>
    <message>
        <source>GPUs per &amp;node</source>
        <translation>GPUs pro &amp;Knoten</translation>
    </message>
    <message>
        <source>Tensor parallel size: a power of two that divides the attention heads</source>
        <translation>Tensor-Parallelgröße: eine Zweierpotenz, die die Attention-Heads teilt</translation>
    </message>
    <message>
        <source>&amp;TP</source>
        <translation>&amp;TP</translation>
    </message>
    <message>
        <source>Expert parallel size: 1 (experts sliced by TP) or equal to TP (whole experts per GPU); must divide the routed experts</source>
        <translation>Expert-Parallelgröße: 1 (Experten per TP geteilt) oder gleich TP (ganze Experten pro GPU); muss die gerouteten Experten teilen</translation>
    </message>
    <message>
        <source>Pipeline parallel size: stages across nodes; TP x PP = GPU count, at most one stage per layer</source>
        <translation>Pipeline-Parallelgröße: Stufen über Knoten; TP x PP = GPU-Anzahl, höchstens eine Stufe pro Schicht</translation>
    </message>
    <message>
        <source>&amp;PP</source>
        <translation>&amp;PP</translation>
    </message>
    <message>
        <source>The serving engine whose memory rules the plan follows</source>
        <translation>Die Serving-Engine, deren Speicherregeln der Plan folgt</translation>
    </message>
    <message>
        <source>E&amp;ngine</source>
        <translation>E&amp;ngine</translation>
    </message>
    <message>
        <source>engine default</source>
        <translation>Engine-Standard</translation>
    </message>
    <message>
        <source>vLLM gpu_memory_utilization / SGLang mem_fraction_static (of total memory); TensorRT-LLM free_gpu_memory_fraction (of memory free after weights)</source>
        <translation>vLLM gpu_memory_utilization / SGLang mem_fraction_static (vom Gesamtspeicher); TensorRT-LLM free_gpu_memory_fraction (vom nach den Gewichten freien Speicher)</translation>
    </message>
    <message>
        <source>Memory fraction</source>
        <translation>Speicheranteil</translation>
    </message>
    <message>
        <source>Change GPU to %1</source>
        <translation>GPU auf %1 ändern</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>%1 auf %2 ändern</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU-Anzahl</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>GPUs pro Knoten</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>Change engine to %1</source>
        <translation>Engine auf %1 ändern</translation>
    </message>
    <message>
        <source>Change memory fraction to %1</source>
        <translation>Speicheranteil auf %1 ändern</translation>
    </message>
    <message>
        <source>native MXFP4</source>
        <translation>natives MXFP4</translation>
    </message>
    <message>
        <source>no native MXFP4 (dequantizes)</source>
        <translation>kein natives MXFP4 (dequantisiert)</translation>
    </message>
    <message>
        <source>GPU default (%1)</source>
        <translation>GPU-Standard (%1)</translation>
    </message>
    <message>
        <source>engine default (%1)</source>
        <translation>Engine-Standard (%1)</translation>
    </message>
    <message>
        <source> (auto)</source>
        <translation> (automatisch)</translation>
    </message>
    <message>
        <source>No plan: %1</source>
        <translation>Kein Plan: %1</translation>
    </message>
    <message>
        <source>Evaluated: %1%2 = TP %3 x PP %4, EP %5; %6</source>
        <translation>Berechnet: %1%2 = TP %3 x PP %4, EP %5; %6</translation>
    </message>
    <message>
        <source>%1 per GPU, %2 TB/s, %3</source>
        <translation>%1 pro GPU, %2 TB/s, %3</translation>
    </message>
    <message>
        <source>; %1 data-parallel replicas</source>
        <translation>; %1 datenparallele Replikate</translation>
    </message>
    <message>
        <source>; offer %1 (%2)</source>
        <translation>; Angebot %1 (%2)</translation>
    </message>
    <message>
        <source>The GPU type to rent, from the catalogue resources/gpus.json (memory, usable memory, HBM bandwidth, compute rates and node size, each with its source and date). Choosing one sets the count, node size and layout back to auto.</source>
        <translation>Der zu mietende GPU-Typ aus dem Katalog resources/gpus.json (Speicher, nutzbarer Speicher, HBM-Bandbreite, Rechenleistung und Knotengröße, jeweils mit Quelle und Datum). Die Auswahl setzt Anzahl, Knotengröße und Aufteilung auf automatisch zurück.</translation>
    </message>
    <message>
        <source>B300, from the default scenario (resources/default-scenario.json).</source>
        <translation>B300, aus dem Standardszenario (resources/default-scenario.json).</translation>
    </message>
    <message>
        <source>How many GPUs the deployment rents.</source>
        <translation>Wie viele GPUs der Einsatz mietet.</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>auto (0): the layout search takes the smallest rentable count (one GPU or whole nodes of the offers in resources/offers.json) whose memory, by the engine&apos;s own rules, holds the workload.</source>
        <translation>automatisch (0): Die Aufteilungssuche nimmt die kleinste mietbare Anzahl (eine GPU oder ganze Knoten der Angebote in resources/offers.json), deren Speicher nach den Regeln der Engine die Last fasst.</translation>
    </message>
    <message>
        <source>GPUs in one rental node (the bundle a provider rents); tensor parallelism stays inside a node.</source>
        <translation>GPUs in einem Mietknoten (das Bündel, das ein Anbieter vermietet); Tensor-Parallelität bleibt innerhalb eines Knotens.</translation>
    </message>
    <message>
        <source>the GPU&apos;s usual node from resources/gpus.json (8; 4 per GB200/GB300 tray).</source>
        <translation>der übliche Knoten der GPU aus resources/gpus.json (8; 4 pro GB200/GB300-Tray).</translation>
    </message>
    <message>
        <source>Tensor parallel size: each layer&apos;s weights are split across this many GPUs. A power of two that divides the attention heads.</source>
        <translation>Tensor-Parallelgröße: Die Gewichte jeder Schicht werden auf so viele GPUs aufgeteilt. Eine Zweierpotenz, die die Attention-Heads teilt.</translation>
    </message>
    <message>
        <source>GPUs (tensor-parallel ranks)</source>
        <translation>GPUs (Tensor-Parallel-Ränge)</translation>
    </message>
    <message>
        <source>auto (0): the layout search, from the heads in the model&apos;s config.json (num_attention_heads, num_key_value_heads).</source>
        <translation>automatisch (0): die Aufteilungssuche, anhand der Heads in der config.json des Modells (num_attention_heads, num_key_value_heads).</translation>
    </message>
    <message>
        <source>Expert parallel size: whole routed experts per GPU (EP = TP) or experts sliced by tensor parallelism (EP = 1). Must divide the routed experts.</source>
        <translation>Expert-Parallelgröße: ganze geroutete Experten pro GPU (EP = TP) oder per Tensor-Parallelität geteilte Experten (EP = 1). Muss die gerouteten Experten teilen.</translation>
    </message>
    <message>
        <source>GPUs (expert-parallel ranks)</source>
        <translation>GPUs (Expert-Parallel-Ränge)</translation>
    </message>
    <message>
        <source>Pipeline parallel size: layers split into stages across nodes; TP x PP = GPU count, at most one stage per layer.</source>
        <translation>Pipeline-Parallelgröße: Schichten in Stufen über Knoten aufgeteilt; TP x PP = GPU-Anzahl, höchstens eine Stufe pro Schicht.</translation>
    </message>
    <message>
        <source>pipeline stages</source>
        <translation>Pipeline-Stufen</translation>
    </message>
    <message>
        <source>auto (0): the layout search, within the layers of the model&apos;s config.json (num_hidden_layers).</source>
        <translation>automatisch (0): die Aufteilungssuche, innerhalb der Schichten aus der config.json des Modells (num_hidden_layers).</translation>
    </message>
    <message>
        <source>The serving engine whose memory rules size the plan: what it allocates at start-up (weights, KV cache pool, activations, CUDA graphs) and its default limits.</source>
        <translation>Die Serving-Engine, deren Speicherregeln den Plan bemessen: was sie beim Start belegt (Gewichte, KV-Cache-Pool, Aktivierungen, CUDA-Graphen), und ihre Standardgrenzen.</translation>
    </message>
    <message>
        <source>vLLM, from the default scenario; each engine&apos;s rules and the versions they were read from are in the core&apos;s engine table (core/engine/engine.cpp).</source>
        <translation>vLLM, aus dem Standardszenario; die Regeln jeder Engine und die Versionen, aus denen sie stammen, stehen in der Engine-Tabelle des Kerns (core/engine/engine.cpp).</translation>
    </message>
    <message>
        <source>The share of GPU memory the engine may use: vLLM gpu_memory_utilization and SGLang mem_fraction_static are of total memory, TensorRT-LLM free_gpu_memory_fraction of the memory left after the weights.</source>
        <translation>Der Anteil des GPU-Speichers, den die Engine nutzen darf: vLLM gpu_memory_utilization und SGLang mem_fraction_static beziehen sich auf den Gesamtspeicher, TensorRT-LLM free_gpu_memory_fraction auf den nach den Gewichten freien Speicher.</translation>
    </message>
    <message>
        <source>fraction, 0 to 1 (0.90 = 90 %)</source>
        <translation>Anteil, 0 bis 1 (0,90 = 90 %)</translation>
    </message>
    <message>
        <source>none (model id, path or &quot;eagle&quot;)</source>
        <translation>keins (Modell-ID, Pfad oder &quot;eagle&quot;)</translation>
    </message>
    <message>
        <source>Speculative-decoding draft the engine loads beside the model: a model id or path, or &quot;eagle&quot; for an EAGLE head built from the model</source>
        <translation>Draft für spekulatives Decoding, den die Engine neben dem Modell lädt: eine Modell-ID oder ein Pfad, oder &quot;eagle&quot; für einen aus dem Modell gebauten EAGLE-Kopf</translation>
    </message>
    <message>
        <source>The draft model the engine runs for speculative decoding (vLLM --speculative-config model, SGLang --speculative-draft-model-path). Its weights, KV cache and profiled activation count by the engine&apos;s rules.</source>
        <translation>Das Draft-Modell, das die Engine für spekulatives Decoding ausführt (vLLM --speculative-config model, SGLang --speculative-draft-model-path). Seine Gewichte, sein KV-Cache und seine beim Profiling gemessene Aktivierung zählen nach den Regeln der Engine.</translation>
    </message>
    <message>
        <source>a catalogue model id, a model path, or &quot;eagle&quot;</source>
        <translation>eine Modell-ID aus dem Katalog, ein Modellpfad oder &quot;eagle&quot;</translation>
    </message>
    <message>
        <source>Empty: no draft model; a model&apos;s own MTP layers draft when the workload speculates.</source>
        <translation>Leer: kein Draft-Modell; die eigenen MTP-Schichten eines Modells erzeugen den Draft, wenn die Last spekulativ dekodiert.</translation>
    </message>
    <message>
        <source>&amp;Draft model</source>
        <translation>Draft-Modell</translation>
    </message>
    <message>
        <source>Remove the draft model</source>
        <translation>Draft-Modell entfernen</translation>
    </message>
    <message>
        <source>Change draft model to %1</source>
        <translation>Draft-Modell auf %1 ändern</translation>
    </message>
    <message>
        <source>newest</source>
        <translation>neueste</translation>
    </message>
    <message>
        <source>The llama.cpp release whose memory rules the llama.cpp plans follow (the This card tab)</source>
        <translation>Das llama.cpp-Release, dessen Speicherregeln die llama.cpp-Pläne folgen (Tab „Diese Karte“)</translation>
    </message>
    <message>
        <source>The llama.cpp release (bNNNN, as llama-server --version prints it) whose memory rules the llama.cpp plans follow. Releases before b7847 count -ngl from the repeating layers (the output layer goes to the GPU last) and keep one input tensor fewer in the host compute buffer.</source>
        <translation>Das llama.cpp-Release (bNNNN, wie llama-server --version es ausgibt), dessen Speicherregeln die llama.cpp-Pläne folgen. Releases vor b7847 zählen -ngl ab den sich wiederholenden Schichten (die Ausgabeschicht kommt zuletzt auf die GPU) und halten im Host-Compute-Puffer einen Eingabetensor weniger.</translation>
    </message>
    <message>
        <source>release number, e.g. 5466</source>
        <translation>Release-Nummer, z. B. 5466</translation>
    </message>
    <message>
        <source>&quot;newest&quot; (0): the newest rules HostPlan knows.</source>
        <translation>„neueste“ (0): die neuesten Regeln, die HostPlan kennt.</translation>
    </message>
    <message>
        <source>&amp;llama.cpp release</source>
        <translation>&amp;llama.cpp-Release</translation>
    </message>
    <message>
        <source>Change llama.cpp release to %1</source>
        <translation>llama.cpp-Release auf %1 ändern</translation>
    </message>
    <message>
        <source>default (%1)</source>
        <translation>Standard (%1)</translation>
    </message>
    <message>
        <source>The vLLM release whose start-up memory rules vLLM plans follow</source>
        <translation>Die vLLM-Version, deren Speicherregeln beim Start vLLM-Pläne folgen</translation>
    </message>
    <message>
        <source>vLLM rules</source>
        <translation>vLLM-Regeln</translation>
    </message>
    <message>
        <source>Change vLLM rules to %1</source>
        <translation>vLLM-Regeln auf %1 ändern</translation>
    </message>
    <message>
        <source>The vLLM release whose start-up memory rules size a vLLM plan: how its worker profiles the activation peak (sampler warm-up, logits), what it counts as non-torch memory and how its MoE kernels lay out MXFP4 experts. Pick the release you will run; the defaults (max_num_seqs, batched tokens) are the same for every release.</source>
        <translation>Die vLLM-Version, deren Speicherregeln beim Start einen vLLM-Plan bemessen: wie ihr Worker die Aktivierungsspitze misst (Sampler-Aufwärmlauf, Logits), was sie als Nicht-Torch-Speicher zählt und wie ihre MoE-Kernel MXFP4-Experten ablegen. Wählen Sie die Version, die Sie betreiben; die Vorgaben (max_num_seqs, Tokens pro Schritt) sind für jede Version dieselben.</translation>
    </message>
    <message>
        <source>default: v0.19&apos;s rules, the newest checked against whole start-up logs.</source>
        <translation>Standard: die Regeln von v0.19, der neuesten an vollständigen Start-Logs geprüften Version.</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Automatic prefix caching: on a model with recurrent layers vLLM keeps two state pages per request with it</source>
        <translation>Automatisches Präfix-Caching: Bei einem Modell mit rekurrenten Schichten hält vLLM damit zwei Zustandsseiten pro Anfrage</translation>
    </message>
    <message>
        <source>The engine&apos;s automatic prefix caching (vLLM --enable-prefix-caching). On a model with Mamba or linear-attention layers vLLM then keeps two state pages per request in each of their cache groups instead of one, so fewer sequences fit.</source>
        <translation>Das automatische Präfix-Caching der Engine (vLLM --enable-prefix-caching). Bei einem Modell mit Mamba- oder Linear-Attention-Schichten hält vLLM dann in jeder ihrer Cache-Gruppen zwei statt einer Zustandsseite pro Anfrage, sodass weniger Sequenzen passen.</translation>
    </message>
    <message>
        <source>engine default, on or off</source>
        <translation>Engine-Standard, an oder aus</translation>
    </message>
    <message>
        <source>engine default: off for vLLM on a model with recurrent layers.</source>
        <translation>Engine-Standard: aus bei vLLM für ein Modell mit rekurrenten Schichten.</translation>
    </message>
    <message>
        <source>Prefix caching</source>
        <translation>Präfix-Caching</translation>
    </message>
    <message>
        <source>Change prefix caching to %1</source>
        <translation>Präfix-Caching auf %1 ändern</translation>
    </message>
    <message>
        <source>&quot;engine default&quot; (0): the engine&apos;s own default, vLLM 0.9 (0.92 from v0.22), SGLang by GPU size and TP (its server_args.py table), TensorRT-LLM 0.9.</source>
        <translation>„Engine-Standard“ (0): der eigene Standard der Engine, vLLM 0,9 (0,92 ab v0.22), SGLang nach GPU-Größe und TP (ihre server_args.py-Tabelle), TensorRT-LLM 0,9.</translation>
    </message>
    <message>
        <source>vLLM --max-num-seqs / SGLang --max-running-requests / TensorRT-LLM --max_batch_size: sequences the engine runs at once</source>
        <translation>vLLM --max-num-seqs / SGLang --max-running-requests / TensorRT-LLM --max_batch_size: Sequenzen, die die Engine gleichzeitig ausführt</translation>
    </message>
    <message>
        <source>The engine&apos;s cap on running sequences. It bounds the batch the capacity figures use, the rows of the sampler the engine profiles at start-up and, for vLLM, the CUDA graphs it captures.</source>
        <translation>Die Obergrenze der Engine für laufende Sequenzen. Sie begrenzt den Batch der Kapazitätszahlen, die Zeilen des Samplers, den die Engine beim Start misst, und bei vLLM die CUDA-Graphen, die sie aufzeichnet.</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>Sequenzen</translation>
    </message>
    <message>
        <source>&quot;engine default&quot; (0): vLLM 1024 on GPUs of 70 GiB or more (256 on smaller ones and A100), SGLang its CUDA-graph batch by GPU size, TensorRT-LLM 2048.</source>
        <translation>„Engine-Standard“ (0): vLLM 1024 auf GPUs ab 70 GiB (256 auf kleineren und A100), SGLang sein CUDA-Graph-Batch nach GPU-Größe, TensorRT-LLM 2048.</translation>
    </message>
    <message>
        <source>Max &amp;sequences</source>
        <translation>Max. &amp;Sequenzen</translation>
    </message>
    <message>
        <source>vLLM --max-num-batched-tokens / SGLang --chunked-prefill-size: tokens per engine step</source>
        <translation>vLLM --max-num-batched-tokens / SGLang --chunked-prefill-size: Tokens pro Engine-Schritt</translation>
    </message>
    <message>
        <source>Tokens the engine runs in one step (a prefill chunk). The engine profiles a forward of this many tokens at start-up, so it sizes the activation peak.</source>
        <translation>Tokens, die die Engine in einem Schritt ausführt (ein Prefill-Abschnitt). Die Engine misst beim Start einen Forward-Durchlauf mit so vielen Tokens; er bestimmt die Aktivierungsspitze.</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>&amp;Batched tokens</source>
        <translation>&amp;Tokens pro Schritt</translation>
    </message>
    <message>
        <source>Change max sequences to %1</source>
        <translation>Max. Sequenzen auf %1 ändern</translation>
    </message>
    <message>
        <source>Change batched tokens to %1</source>
        <translation>Tokens pro Schritt auf %1 ändern</translation>
    </message>
    <message>
        <source>Serve text only</source>
        <translation>Nur Text bedienen</translation>
    </message>
    <message>
        <source>vLLM: no vision tower is built, loaded or profiled</source>
        <translation>vLLM: Es wird kein Vision-Tower gebaut, geladen oder vermessen</translation>
    </message>
    <message>
        <source>Serve a multimodal model&apos;s text only (vLLM --limit-mm-per-prompt with 0 images and videos). vLLM then builds no vision tower: its weights are not loaded and the profile pass on the largest dummy image, which can take more memory than the decoder&apos;s, does not run, so the KV pool grows. Image and video requests are refused.</source>
        <translation>Von einem multimodalen Modell nur Text bedienen (vLLM --limit-mm-per-prompt mit 0 Bildern und Videos). vLLM baut dann keinen Vision-Tower: Seine Gewichte werden nicht geladen, und der Profiling-Durchlauf mit dem größten Dummy-Bild, der mehr Speicher als der des Decoders brauchen kann, entfällt, sodass der KV-Pool wächst. Bild- und Videoanfragen werden abgelehnt.</translation>
    </message>
    <message>
        <source>on or off</source>
        <translation>an oder aus</translation>
    </message>
    <message>
        <source>default: off; other engines ignore it.</source>
        <translation>Standard: aus; andere Engines ignorieren es.</translation>
    </message>
    <message>
        <source>Multimodal</source>
        <translation>Multimodal</translation>
    </message>
    <message>
        <source>Serve images and video</source>
        <translation>Bilder und Video bedienen</translation>
    </message>
    <message>
        <source>&quot;engine default&quot; (0): vLLM 8192 on GPUs of 70 GiB or more (2048 on smaller ones and A100), SGLang its chunked prefill size by GPU size, TensorRT-LLM 8192.</source>
        <translation>&quot;Engine-Standard&quot; (0): vLLM 8192 auf GPUs mit 70 GiB oder mehr (2048 auf kleineren und A100), SGLang seine Chunked-Prefill-Größe nach GPU-Größe, TensorRT-LLM 8192.</translation>
    </message>
    <message>
        <source> of %1</source>
        <translation> zu je %1</translation>
    </message>
    <message>
        <source>auto (0): the layout search, from the experts in the model&apos;s config.json (n_routed_experts or num_local_experts); with TP or PP given, off (EP 1), as the engines start without their expert-parallel flag.</source>
        <translation>automatisch (0): die Aufteilungssuche, anhand der Experten in der config.json des Modells (n_routed_experts oder num_local_experts); mit angegebenem TP oder PP aus (EP 1), wie die Engines ohne ihr Expert-Parallel-Flag starten.</translation>
    </message>
    <message>
        <source>Add GPU types...</source>
        <translation>GPU-Typen hinzufügen...</translation>
    </message>
    <message>
        <source>Read your own GPU types from a JSON file in resources/gpus.json&apos;s schema: a card the catalogue lacks, or your measured figures for one it has (same id). They are saved in the scenario (hardware.custom_gpus).</source>
        <translation>Eigene GPU-Typen aus einer JSON-Datei im Schema von resources/gpus.json lesen: eine Karte, die der Katalog nicht kennt, oder Ihre gemessenen Werte für eine, die er kennt (gleiche id). Sie werden im Szenario gespeichert (hardware.custom_gpus).</translation>
    </message>
    <message>
        <source>Add GPU types</source>
        <translation>GPU-Typen hinzufügen</translation>
    </message>
    <message>
        <source>GPU types (*.json);;All files (*)</source>
        <translation>GPU-Typen (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 (yours)</source>
        <translation>%1 (eigener Typ)</translation>
    </message>
    <message>
        <source>%1 holds no GPU types</source>
        <translation>%1 enthält keine GPU-Typen</translation>
    </message>
    <message>
        <source>Add GPU types from %1</source>
        <translation>GPU-Typen aus %1 hinzufügen</translation>
    </message>
    <message>
        <source>Adds GPU types of your own to the GPU list: a JSON file in resources/gpus.json&apos;s schema (an example: docs/examples/gpus-a30.json), one entry per type with its memory, usable memory, bandwidth, compute rates, node size and compute capability, each with its source. An entry with a catalogue id replaces that GPU&apos;s figures (your measured usable memory); a name that already names another GPU is refused. The types are saved in the scenario (hardware.custom_gpus); undo removes them.</source>
        <translation>Fügt der GPU-Liste eigene GPU-Typen hinzu: eine JSON-Datei im Schema von resources/gpus.json (ein Beispiel: docs/examples/gpus-a30.json), ein Eintrag je Typ mit Speicher, nutzbarem Speicher, Bandbreite, Rechenleistung, Knotengröße und Compute Capability, jeweils mit Quelle. Ein Eintrag mit einer Katalog-id ersetzt die Werte dieser GPU (Ihr gemessener nutzbarer Speicher); ein Name, der schon eine andere GPU bezeichnet, wird abgelehnt. Die Typen werden im Szenario gespeichert (hardware.custom_gpus); Rückgängig entfernt sie.</translation>
    </message>
    <message>
        <source>none: the catalogue&apos;s GPU types only.</source>
        <translation>keine: nur die GPU-Typen des Katalogs.</translation>
    </message>
    <message>
        <source>The SGLang release whose start-up memory rules SGLang plans follow</source>
        <translation>Die SGLang-Version, deren Speicherregeln beim Start SGLang-Pläne folgen</translation>
    </message>
    <message>
        <source>default: v0.5.14&apos;s rules, the newest (without speculative decoding they are v0.5.10&apos;s, checked against start-up logs of 2026).</source>
        <translation>Standard: die Regeln von v0.5.14, die neuesten (ohne spekulatives Decoding die von v0.5.10, geprüft an Startprotokollen von 2026).</translation>
    </message>
    <message>
        <source>SGLang rules</source>
        <translation>SGLang-Regeln</translation>
    </message>
    <message>
        <source>Change SGLang rules to %1</source>
        <translation>SGLang-Regeln auf %1 ändern</translation>
    </message>
    <message>
        <source>The SGLang release whose start-up memory rules size an SGLang plan. The default --mem-fraction-static follows a table by TP size up to v0.4.7, a memory tier&apos;s reserve from v0.4.7.post1 and PR #10975&apos;s reserve from v0.5.3; from v0.5.10 the server captures piecewise CUDA graphs and reserves 8 MiB per capture size; from v0.5.14 a draft model&apos;s weights and KV cache come out of that fraction instead of the rest of the GPU.</source>
        <translation>Das SGLang-Release, dessen Start-Speicherregeln einen SGLang-Plan bemessen. Das voreingestellte --mem-fraction-static folgt bis v0.4.7 einer Tabelle nach TP-Größe, ab v0.4.7.post1 der Reserve einer Speicherstufe und ab v0.5.3 der Reserve aus PR #10975; ab v0.5.10 erfasst der Server stückweise CUDA-Graphen und reserviert 8 MiB je Erfassungsgröße; ab v0.5.14 kommen Gewichte und KV-Cache eines Draft-Modells aus diesem Anteil statt aus dem Rest der GPU.</translation>
    </message>
    <message>
        <source>an SGLang release from 0.4.0 on (for example 0.4.7.post1); it follows the newest rule set at or before it</source>
        <translation>ein SGLang-Release ab 0.4.0 (zum Beispiel 0.4.7.post1); es folgt dem neuesten Regelsatz bis zu diesem Release</translation>
    </message>
    <message>
        <source>Attention data parallel ranks (MoE models): TP / DP GPUs split each attention layer and hold their own sequences&apos; KV</source>
        <translation>Attention-Datenparallelität (MoE-Modelle): je TP / DP GPUs teilen eine Attention-Schicht und halten den KV-Cache ihrer eigenen Sequenzen</translation>
    </message>
    <message>
        <source>Attention data parallelism for a mixture-of-experts model: the TP GPUs form DP groups of TP / DP GPUs; each group holds the attention weights and the KV cache of its own sequences, and the routed experts span all TP GPUs (vLLM --data-parallel-size with --enable-expert-parallel, SGLang --dp-size --enable-dp-attention). Must divide TP.</source>
        <translation>Attention-Datenparallelität für ein Mixture-of-Experts-Modell: die TP-GPUs bilden DP Gruppen zu je TP / DP GPUs; jede Gruppe hält die Attention-Gewichte und den KV-Cache ihrer eigenen Sequenzen, die gerouteten Experten verteilen sich über alle TP-GPUs (vLLM --data-parallel-size mit --enable-expert-parallel, SGLang --dp-size --enable-dp-attention). Muss TP teilen.</translation>
    </message>
    <message>
        <source>attention groups (DP ranks)</source>
        <translation>Attention-Gruppen (DP-Ränge)</translation>
    </message>
    <message>
        <source>&amp;Attention DP</source>
        <translation>Attention-DP</translation>
    </message>
    <message>
        <source>attention DP</source>
        <translation>Attention-DP</translation>
    </message>
    <message>
        <source>; attention DP %1 (TP %2 per attention group)</source>
        <translation>; Attention-DP %1 (TP %2 je Attention-Gruppe)</translation>
    </message>
    <message>
        <source>DeepEP low latency</source>
        <translation>DeepEP Low-Latency</translation>
    </message>
    <message>
        <source>DeepEP high throughput</source>
        <translation>DeepEP High-Throughput</translation>
    </message>
    <message>
        <source>The kernels that send tokens to the experts&apos; GPUs under expert parallelism</source>
        <translation>Die Kernel, die Tokens bei Expertenparallelität an die GPUs der Experten senden</translation>
    </message>
    <message>
        <source>The MoE all-to-all backend of an expert-parallel layout (vLLM --all2all-backend, used with attention DP; SGLang --moe-a2a-backend deepep --deepep-mode). DeepEP needs EP over all TP GPUs. vLLM: its buffers count inside the KV budget, the low-latency kernels use a batched expert workspace and, from v0.20, 256 tokens per step by default. SGLang: the shared experts are whole on every GPU, and the normal (high-throughput) mode turns CUDA graphs off.</source>
        <translation>Das MoE-All-to-All-Backend eines expertenparallelen Layouts (vLLM --all2all-backend, mit Attention-DP genutzt; SGLang --moe-a2a-backend deepep --deepep-mode). DeepEP braucht EP über alle TP-GPUs. vLLM: seine Puffer zählen im KV-Budget, die Low-Latency-Kernel nutzen einen gebündelten Experten-Arbeitsspeicher und ab v0.20 standardmäßig 256 Tokens je Schritt. SGLang: die geteilten Experten liegen vollständig auf jeder GPU, und der normale (High-Throughput-)Modus schaltet CUDA-Graphen ab.</translation>
    </message>
    <message>
        <source>engine default, DeepEP low latency or DeepEP high throughput</source>
        <translation>Engine-Standard, DeepEP Low-Latency oder DeepEP High-Throughput</translation>
    </message>
    <message>
        <source>engine default: vLLM&apos;s allgather-reducescatter (naive before v0.11), SGLang&apos;s all-reduce over TP.</source>
        <translation>Engine-Standard: vLLMs Allgather-Reducescatter (vor v0.11 naive), SGLangs All-Reduce über TP.</translation>
    </message>
    <message>
        <source>MoE all-to-all</source>
        <translation>MoE-All-to-All</translation>
    </message>
    <message>
        <source>Change the MoE all-to-all backend to %1</source>
        <translation>MoE-All-to-All-Backend auf %1 ändern</translation>
    </message>
    <message>
        <source>auto (0): where HostPlan chooses the layout it also tries DP = TP for an MoE model and keeps the cheaper; where you give TP, none. 1: none, every GPU of the replica splits every attention layer.</source>
        <translation>auto (0): wo HostPlan das Layout wählt, probiert es für ein MoE-Modell auch DP = TP und behält das günstigere; wo Sie TP angeben, keine. 1: keine, jede GPU der Replik teilt jede Attention-Schicht.</translation>
    </message>
    <message>
        <source>SGLang --cuda-graph-max-bs (requests) / vLLM --max-cudagraph-capture-size (tokens): the largest CUDA graph</source>
        <translation>SGLang --cuda-graph-max-bs (Anfragen) / vLLM --max-cudagraph-capture-size (Tokens): der größte CUDA-Graph</translation>
    </message>
    <message>
        <source>The largest batch the engine captures as a CUDA graph at start-up. SGLang&apos;s default memory fraction reserves 2 MiB per request of it; vLLM captures one graph per size up to it.</source>
        <translation>Die größte Batchgröße, die die Engine beim Start als CUDA-Graph aufzeichnet. SGLangs Standard-Speicheranteil reserviert 2 MiB je Anfrage davon; vLLM zeichnet bis zu dieser Größe einen Graphen je Größe auf.</translation>
    </message>
    <message>
        <source>requests (SGLang) or tokens (vLLM)</source>
        <translation>Anfragen (SGLang) oder Tokens (vLLM)</translation>
    </message>
    <message>
        <source>&quot;engine default&quot; (0): SGLang by GPU size and TP (128 with DeepEP low latency), vLLM twice max_num_seqs times (1 + draft tokens), at most 512. TensorRT-LLM plans ignore it.</source>
        <translation>„Engine-Standard“ (0): SGLang nach GPU-Größe und TP (128 mit DeepEP Low-Latency), vLLM das Doppelte von max_num_seqs mal (1 + Draft-Tokens), höchstens 512. TensorRT-LLM-Pläne ignorieren es.</translation>
    </message>
    <message>
        <source>C&amp;UDA-graph batch</source>
        <translation>C&amp;UDA-Graph-Batch</translation>
    </message>
    <message>
        <source>Change the CUDA-graph batch to %1</source>
        <translation>CUDA-Graph-Batch auf %1 ändern</translation>
    </message>
    <message>
        <source>a vLLM release HostPlan models: 0.28, 0.24, 0.22, 0.21, 0.20, 0.19, 0.11, 0.8, 0.7-v1 (v0.7 with VLLM_USE_V1=1), 0.6.5 (also v0.7&apos;s default V0) or 0.6.4 (V0); from 0.21 vLLM takes its CUDA-graph memory estimate out of the KV cache budget</source>
        <translation>ein von HostPlan modelliertes vLLM-Release: 0.28, 0.24, 0.22, 0.21, 0.20, 0.19, 0.11, 0.8, 0.7-v1 (v0.7 mit VLLM_USE_V1=1), 0.6.5 (auch die Standard-V0-Engine von v0.7) oder 0.6.4 (V0); ab 0.21 zieht vLLM seine CUDA-Graph-Speicherschätzung vom KV-Cache-Budget ab</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::HelpActions</name>
    <message>
        <source>HostPlan &amp;Manual</source>
        <translation>HostPlan-&amp;Handbuch</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::HelpWindow</name>
    <message>
        <source>HostPlan Manual</source>
        <translation>HostPlan-Handbuch</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>&amp;Zurück</translation>
    </message>
    <message>
        <source>&amp;Forward</source>
        <translation>&amp;Vorwärts</translation>
    </message>
    <message>
        <source>&amp;Contents</source>
        <translation>&amp;Inhalt</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::InputPanel</name>
    <message>
        <source>Not applied: %1</source>
        <translation>Nicht übernommen: %1</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::KvChart</name>
    <message>
        <source>KV cache: no plan (%1)</source>
        <translation>KV-Cache: kein Plan (%1)</translation>
    </message>
    <message>
        <source>KV per sequence (left)</source>
        <translation>KV pro Sequenz (links)</translation>
    </message>
    <message>
        <source>Max sequences (right)</source>
        <translation>Max. Sequenzen (rechts)</translation>
    </message>
    <message>
        <source>GB per sequence per GPU (log)</source>
        <translation>GB pro Sequenz pro GPU (log)</translation>
    </message>
    <message>
        <source>Sequences at once (log)</source>
        <translation>Gleichzeitige Sequenzen (log)</translation>
    </message>
    <message>
        <source>Scenario: %1 tokens x %2</source>
        <translation>Szenario: %1 Tokens x %2</translation>
    </message>
    <message>
        <source>No room for KV cache: weights, activations and runtime fill the budget</source>
        <translation>Kein Platz für den KV-Cache: Gewichte, Aktivierungen und Laufzeit füllen das Budget</translation>
    </message>
    <message>
        <source>KV cache and concurrency vs context (%1 x %2, TP %3)</source>
        <translation>KV-Cache und Parallelität über den Kontext (%1 x %2, TP %3)</translation>
    </message>
    <message>
        <source>Context length in tokens (K = 1,024, M = 1,024 K; log scale)</source>
        <translation>Kontextlänge in Tokens (K = 1.024, M = 1.024 K; logarithmisch)</translation>
    </message>
    <message>
        <source>Context %1 tokens
KV cache + state: %2 per sequence per GPU
At most %3 at once</source>
        <translation>Kontext %1 Tokens
KV-Cache + Zustand: %2 pro Sequenz pro GPU
Höchstens %3 gleichzeitig</translation>
    </message>
    <message>
        <source>Scenario: %1 tokens x %2 per replica (%3 replicas)</source>
        <translation>Szenario: %1 Tokens x %2 je Replikat (%3 Replikate)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::MainWindow</name>
    <message>
        <source>HostPlan</source>
        <translation>HostPlan</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>Pro GPU</translation>
    </message>
    <message>
        <source>Whole deployment</source>
        <translation>Gesamter Einsatz</translation>
    </message>
    <message>
        <source>Show memory:</source>
        <translation>Speicher zeigen:</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>GPU types</source>
        <translation>GPU-Typen</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>Break-even</source>
        <translation>Break-even</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Fits or not and why, memory per GPU, cost and break-even</source>
        <translation>Passt oder nicht und warum, Speicher pro GPU, Kosten und Break-even</translation>
    </message>
    <message>
        <source>Memory per GPU by weight precision, with capacity lines</source>
        <translation>Speicher pro GPU nach Gewichtsgenauigkeit, mit Kapazitätslinien</translation>
    </message>
    <message>
        <source>GPUs needed for this workload on every catalogue GPU type</source>
        <translation>Benötigte GPUs für diese Last auf jedem GPU-Typ des Katalogs</translation>
    </message>
    <message>
        <source>KV cache per sequence and maximum concurrency vs context</source>
        <translation>KV-Cache pro Sequenz und maximale Parallelität über den Kontext</translation>
    </message>
    <message>
        <source>Monthly cost vs monthly tokens: API against self-hosting</source>
        <translation>Monatskosten über monatliche Tokens: API gegen Selbst-Hosting</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>Hardware</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Last</translation>
    </message>
    <message>
        <source>Pricing</source>
        <translation>Preise</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>Probe</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Neu</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>Ö&amp;ffnen...</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As...</source>
        <translation>Speichern &amp;unter...</translation>
    </message>
    <message>
        <source>Import &amp;Model...</source>
        <translation>&amp;Modell importieren...</translation>
    </message>
    <message>
        <source>Import model</source>
        <translation>Modell importieren</translation>
    </message>
    <message>
        <source>Hugging Face model files (config.json *.index.json);;JSON (*.json)</source>
        <translation>Hugging-Face-Modelldateien (config.json *.index.json);;JSON (*.json)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>&amp;Vergleich</translation>
    </message>
    <message>
        <source>&amp;Pin Current Scenario</source>
        <translation>Aktuelles Szenario &amp;anheften</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About HostPlan</source>
        <translation>&amp;Über HostPlan</translation>
    </message>
    <message>
        <source>About HostPlan</source>
        <translation>Über HostPlan</translation>
    </message>
    <message>
        <source>&lt;b&gt;HostPlan&lt;/b&gt; %1&lt;p&gt;Plans self-hosting of large language models: memory, GPUs, cost and break-even against an API. Every figure comes from the sizing core, with sources and dates in the catalogues.&lt;/p&gt;</source>
        <translation>&lt;b&gt;HostPlan&lt;/b&gt; %1&lt;p&gt;Plant das Selbst-Hosting großer Sprachmodelle: Speicher, GPUs, Kosten und Break-even gegenüber einer API. Jede Zahl stammt aus dem Berechnungskern, mit Quellen und Datum in den Katalogen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Untitled scenario</source>
        <translation>Unbenanntes Szenario</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>unbenannt</translation>
    </message>
    <message>
        <source>%1 - %2[*] - HostPlan</source>
        <translation>%1 - %2[*] - HostPlan</translation>
    </message>
    <message>
        <source>API %1/month</source>
        <translation>API %1/Monat</translation>
    </message>
    <message>
        <source>no API price</source>
        <translation>kein API-Preis</translation>
    </message>
    <message>
        <source>%1 on %2 x %3 | %4/month | %5</source>
        <translation>%1 auf %2 x %3 | %4/Monat | %5</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Passt</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>Passt nicht</translation>
    </message>
    <message>
        <source>No plan</source>
        <translation>Kein Plan</translation>
    </message>
    <message>
        <source>Open failed</source>
        <translation>Öffnen fehlgeschlagen</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>Save failed</source>
        <translation>Speichern fehlgeschlagen</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation>Import fehlgeschlagen</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>Szenario öffnen</translation>
    </message>
    <message>
        <source>HostPlan scenario (*.json)</source>
        <translation>HostPlan-Szenario (*.json)</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>Szenario speichern</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has unsaved changes. Save them?</source>
        <translation>„%1“ hat ungespeicherte Änderungen. Speichern?</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>Restore unsaved changes</source>
        <translation>Ungespeicherte Änderungen wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <source>The language changes when HostPlan is started again.</source>
        <translation>Die Sprache wechselt beim nächsten Start von HostPlan.</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Deploy</source>
        <translation>Bereitstellung</translation>
    </message>
    <message>
        <source>This card</source>
        <translation>Diese Karte</translation>
    </message>
    <message>
        <source>Serving commands for this plan, every flag explained</source>
        <translation>Serving-Befehle für diesen Plan, jedes Flag erklärt</translation>
    </message>
    <message>
        <source>Which models run on one card with llama.cpp, at what context</source>
        <translation>Welche Modelle auf einer Karte mit llama.cpp laufen, bei welchem Kontext</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>Sensitivität</translation>
    </message>
    <message>
        <source>How sure the decision is: ranges, inputs ranked, layouts&apos; latency</source>
        <translation>Wie sicher die Entscheidung ist: Spannen, Eingaben nach Einfluss, Latenz der Aufteilungen</translation>
    </message>
    <message>
        <source>Clear Pins</source>
        <translation>Anheftungen lösen</translation>
    </message>
    <message>
        <source>Import from Hugging Face &amp;Hub...</source>
        <translation>Aus Hugging Face &amp;Hub importieren...</translation>
    </message>
    <message>
        <source>Open of %1 cancelled</source>
        <translation>Öffnen von %1 abgebrochen</translation>
    </message>
    <message>
        <source>Cannot open %1 while a model import runs</source>
        <translation>%1 kann nicht geöffnet werden, während ein Modellimport läuft</translation>
    </message>
    <message>
        <source>the fetch from the Hugging Face Hub was cancelled; import the model again to fetch it</source>
        <translation>der Abruf vom Hugging Face Hub wurde abgebrochen; importieren Sie das Modell erneut, um es abzurufen</translation>
    </message>
    <message>
        <source>Starts short (%1 of %2 sequences)</source>
        <translation>Startet, hält %1 von %2 Sequenzen</translation>
    </message>
    <message>
        <source> | %1 copies carry the workload: %2/month</source>
        <translation> | %1 Kopien tragen die Last: %2/Monat</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::MemoryChart</name>
    <message>
        <source>Memory: no plan (%1)</source>
        <translation>Speicher: kein Plan (%1)</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Aktivierungen</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>Laufzeit</translation>
    </message>
    <message>
        <source>%1 with %2 weights: %3 %4
All components: %5 %4</source>
        <translation>%1 mit %2-Gewichten: %3 %4
Alle Komponenten: %5 %4</translation>
    </message>
    <message>
        <source>per GPU</source>
        <translation>pro GPU</translation>
    </message>
    <message>
        <source>in total</source>
        <translation>insgesamt</translation>
    </message>
    <message>
        <source>Weight format (quantizable groups)</source>
        <translation>Gewichtsformat (quantisierbare Gruppen)</translation>
    </message>
    <message>
        <source>GB per GPU (decimal)</source>
        <translation>GB pro GPU (dezimal)</translation>
    </message>
    <message>
        <source>GB in total (decimal)</source>
        <translation>GB insgesamt (dezimal)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Engine budget
%1</source>
        <translation>Engine-Budget
%1</translation>
    </message>
    <message>
        <source>One node (%1)
%2</source>
        <translation>Ein Knoten (%1)
%2</translation>
    </message>
    <message>
        <source>All %1
%2</source>
        <translation>Alle %1
%2</translation>
    </message>
    <message>
        <source>Usable per GPU
%1 (%2 GiB)</source>
        <translation>Nutzbar pro GPU
%1 (%2 GiB)</translation>
    </message>
    <message>
        <source>One GPU
%1 (%2 GiB)</source>
        <translation>Eine GPU
%1 (%2 GiB)</translation>
    </message>
    <message>
        <source>Memory per GPU by weight precision (%1)</source>
        <translation>Speicher pro GPU nach Gewichtsgenauigkeit (%1)</translation>
    </message>
    <message>
        <source>Memory of the whole deployment by weight precision (%1)</source>
        <translation>Speicher der gesamten Bereitstellung nach Gewichtsgenauigkeit (%1)</translation>
    </message>
    <message>
        <source>%1 replicas of %2 x %3, TP %4, EP %5, PP %6</source>
        <translation>%1 Replikate von %2 x %3, TP %4, EP %5, PP %6</translation>
    </message>
    <message>
        <source>%1 x %2, TP %3, EP %4, PP %5</source>
        <translation>%1 x %2, TP %3, EP %4, PP %5</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ModelPanel</name>
    <message>
        <source>Embedding</source>
        <translation>Embedding</translation>
    </message>
    <message>
        <source>LM head</source>
        <translation>LM-Head</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <source>Dense MLP</source>
        <translation>Dichtes MLP</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>Geteilte Experten</translation>
    </message>
    <message>
        <source>Routed experts</source>
        <translation>Geroutete Experten</translation>
    </message>
    <message>
        <source>Router / other MoE</source>
        <translation>Router / sonstiges MoE</translation>
    </message>
    <message>
        <source>Norms and biases</source>
        <translation>Normen und Biases</translation>
    </message>
    <message>
        <source>Vision tower</source>
        <translation>Vision-Tower</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Sonstiges</translation>
    </message>
    <message>
        <source>Catalogue model (real Hugging Face config.json files). Type part of the name to search.</source>
        <translation>Katalogmodell (echte Hugging-Face-config.json-Dateien). Tippen Sie einen Teil des Namens, um zu suchen.</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Modell</translation>
    </message>
    <message>
        <source>Import file...</source>
        <translation>Datei importieren...</translation>
    </message>
    <message>
        <source>Import a Hugging Face config.json or model.safetensors.index.json (you can also drop files or folders on the window)</source>
        <translation>Eine Hugging-Face-config.json oder model.safetensors.index.json importieren (Dateien und Ordner können auch auf das Fenster gezogen werden)</translation>
    </message>
    <message>
        <source>Import folder...</source>
        <translation>Ordner importieren...</translation>
    </message>
    <message>
        <source>Import a model folder holding config.json and, if present, model.safetensors.index.json</source>
        <translation>Einen Modellordner mit config.json und, falls vorhanden, model.safetensors.index.json importieren</translation>
    </message>
    <message>
        <source>As shipped</source>
        <translation>Wie ausgeliefert</translation>
    </message>
    <message>
        <source>Re-quantize every quantizable group (attention, MLPs, experts, LM head); embeddings, norms and routers keep their format</source>
        <translation>Jede quantisierbare Gruppe neu quantisieren (Attention, MLPs, Experten, LM-Head); Embeddings, Normen und Router behalten ihr Format</translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation>&amp;Gewichte</translation>
    </message>
    <message>
        <source>Per-group weight formats</source>
        <translation>Gewichtsformate pro Gruppe</translation>
    </message>
    <message>
        <source>Element format of the attention KV cache (vLLM --kv-cache-dtype)</source>
        <translation>Elementformat des Attention-KV-Caches (vLLM --kv-cache-dtype)</translation>
    </message>
    <message>
        <source>&amp;KV cache</source>
        <translation>&amp;KV-Cache</translation>
    </message>
    <message>
        <source>Recurrent state</source>
        <translation>Rekurrenter Zustand</translation>
    </message>
    <message>
        <source>Change model to %1</source>
        <translation>Modell auf %1 ändern</translation>
    </message>
    <message>
        <source>Change weight format to %1</source>
        <translation>Gewichtsformat auf %1 ändern</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>%1 auf %2 ändern</translation>
    </message>
    <message>
        <source>KV cache format</source>
        <translation>KV-Cache-Format</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Change %1 format to %2</source>
        <translation>Format von %1 auf %2 ändern</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>%1 (imported)</source>
        <translation>%1 (importiert)</translation>
    </message>
    <message>
        <source>Default (%1)</source>
        <translation>Standard (%1)</translation>
    </message>
    <message>
        <source>%1 B parameters, %2 B active per token; weights %3</source>
        <translation>%1 Mrd. Parameter, %2 Mrd. aktiv pro Token; Gewichte %3</translation>
    </message>
    <message>
        <source>Source: %1 (as of %2)</source>
        <translation>Quelle: %1 (Stand %2)</translation>
    </message>
    <message>
        <source>%1 could not be imported: %2</source>
        <translation>%1 konnte nicht importiert werden: %2</translation>
    </message>
    <message>
        <source>Import model %1</source>
        <translation>Modell %1 importieren</translation>
    </message>
    <message>
        <source>Import model</source>
        <translation>Modell importieren</translation>
    </message>
    <message>
        <source>Hugging Face model files (config.json *.index.json);;JSON (*.json)</source>
        <translation>Hugging-Face-Modelldateien (config.json *.index.json);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Import model folder</source>
        <translation>Modellordner importieren</translation>
    </message>
    <message>
        <source>The model to plan for, from the catalogue in resources/models/ (real Hugging Face config.json files, and model cards where no config is published). Type part of the name to search; Import file / Import folder add your own.</source>
        <translation>Das zu planende Modell aus dem Katalog in resources/models/ (echte Hugging-Face-config.json-Dateien und Model Cards, wo keine Konfiguration veröffentlicht ist). Tippen Sie einen Teil des Namens, um zu suchen; Datei importieren / Ordner importieren fügen eigene hinzu.</translation>
    </message>
    <message>
        <source>Kimi K3, from the default scenario (resources/default-scenario.json).</source>
        <translation>Kimi K3, aus dem Standardszenario (resources/default-scenario.json).</translation>
    </message>
    <message>
        <source>Reads a Hugging Face config.json (parameter counts by architecture) or a model.safetensors.index.json (exact bytes per tensor) as the scenario&apos;s model; undoable.</source>
        <translation>Liest eine Hugging-Face-config.json (Parameterzahlen nach Architektur) oder eine model.safetensors.index.json (exakte Bytes pro Tensor) als Modell des Szenarios; rückgängig machbar.</translation>
    </message>
    <message>
        <source>Reads a model folder: its config.json, refined by model.safetensors.index.json or the *.safetensors headers when present; undoable.</source>
        <translation>Liest einen Modellordner: seine config.json, verfeinert durch model.safetensors.index.json oder die *.safetensors-Header, falls vorhanden; rückgängig machbar.</translation>
    </message>
    <message>
        <source>Re-quantizes every quantizable tensor group (attention, MLPs, experts, LM head) to one number format; embeddings, norms and routers keep theirs.</source>
        <translation>Quantisiert jede quantisierbare Tensorgruppe (Attention, MLPs, Experten, LM-Head) in ein einziges Zahlenformat neu; Embeddings, Normen und Router behalten ihres.</translation>
    </message>
    <message>
        <source>bits per weight as the format defines them, scales included (BF16 16, FP8 8, MXFP4 4.25 with one E8M0 scale per 32, NVFP4 4.5 with one E4M3 scale per 16)</source>
        <translation>Bits pro Gewicht laut Formatdefinition, Skalen eingeschlossen (BF16 16, FP8 8, MXFP4 4,25 mit einer E8M0-Skala je 32, NVFP4 4,5 mit einer E4M3-Skala je 16)</translation>
    </message>
    <message>
        <source>As shipped: the formats of the model&apos;s own files (config.json quantization_config, safetensors dtypes).</source>
        <translation>Wie ausgeliefert: die Formate der eigenen Dateien des Modells (config.json quantization_config, safetensors-dtypes).</translation>
    </message>
    <message>
        <source>Element format of the attention KV cache (vLLM --kv-cache-dtype).</source>
        <translation>Elementformat des Attention-KV-Caches (vLLM --kv-cache-dtype).</translation>
    </message>
    <message>
        <source>bytes per element (BF16 and FP16 2, FP8 1)</source>
        <translation>Bytes pro Element (BF16 und FP16 2, FP8 1)</translation>
    </message>
    <message>
        <source>BF16, from the default scenario (the model&apos;s own dtype, as vLLM&apos;s &quot;auto&quot;).</source>
        <translation>BF16, aus dem Standardszenario (der eigene dtype des Modells, wie „auto“ bei vLLM).</translation>
    </message>
    <message>
        <source>bytes per element (FP32 4, BF16 and FP16 2)</source>
        <translation>Bytes pro Element (FP32 4, BF16 und FP16 2)</translation>
    </message>
    <message>
        <source>Number format of this tensor group only (%1), overriding the Weights choice.</source>
        <translation>Zahlenformat nur dieser Tensorgruppe (%1), hat Vorrang vor der Auswahl unter Gewichte.</translation>
    </message>
    <message>
        <source>bits per weight as the format defines them, scales included</source>
        <translation>Bits pro Gewicht laut Formatdefinition, Skalen eingeschlossen</translation>
    </message>
    <message>
        <source>&quot;Default&quot;: the Weights choice above, or the format the model ships with.</source>
        <translation>„Standard“: die Auswahl unter Gewichte oben oder das Format, mit dem das Modell ausgeliefert wird.</translation>
    </message>
    <message>
        <source>Reading the model files...</source>
        <translation>Modelldateien werden gelesen...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Import cancelled</source>
        <translation>Import abgebrochen</translation>
    </message>
    <message>
        <source>Reading %1 from the Hugging Face cache or the Hub...</source>
        <translation>%1 wird aus dem Hugging-Face-Cache oder vom Hub gelesen...</translation>
    </message>
    <message>
        <source>Import from Hugging Face Hub</source>
        <translation>Aus Hugging Face Hub importieren</translation>
    </message>
    <message>
        <source>Hub id (org/name or org/name@revision), read from the local Hugging Face cache or else fetched from the Hub (config and safetensors headers only):</source>
        <translation>Hub-ID (org/name oder org/name@revision), aus dem lokalen Hugging-Face-Cache gelesen oder sonst vom Hub geladen (nur Konfiguration und Safetensors-Header):</translation>
    </message>
    <message>
        <source>Engine default</source>
        <translation>Engine-Standard</translation>
    </message>
    <message>
        <source>Format of the recurrent state (models with KDA, Gated DeltaNet or Mamba layers)</source>
        <translation>Format des rekurrenten Zustands (Modelle mit KDA-, Gated-DeltaNet- oder Mamba-Schichten)</translation>
    </message>
    <message>
        <source>Format of the fixed-size recurrent state that linear-attention and Mamba layers (KDA, Gated DeltaNet, Mamba) keep per sequence; other models ignore it.</source>
        <translation>Format des Zustands fester Größe, den Linear-Attention- und Mamba-Schichten (KDA, Gated DeltaNet, Mamba) je Sequenz halten; andere Modelle ignorieren es.</translation>
    </message>
    <message>
        <source>Engine default: what the plan&apos;s engine keeps for this model when started without a state-dtype flag (vLLM: the model&apos;s dtype, FP32 for KDA and where the config names it; SGLang: FP32 unless the config names another).</source>
        <translation>Engine-Standard: was die Engine des Plans für dieses Modell hält, wenn sie ohne State-Dtype-Flag startet (vLLM: der Dtype des Modells, FP32 für KDA und wo die Konfiguration es nennt; SGLang: FP32, sofern die Konfiguration nichts anderes nennt).</translation>
    </message>
    <message>
        <source>Change state format to %1</source>
        <translation>Zustandsformat auf %1 ändern</translation>
    </message>
    <message>
        <source>Engine default (%1)</source>
        <translation>Engine-Standard (%1)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::OffersDialog</name>
    <message>
        <source>Rental offers</source>
        <translation>Mietangebote</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::OffersPanel</name>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs / instance</source>
        <translation>GPUs / Instanz</translation>
    </message>
    <message>
        <source>$ / GPU-hour (on demand)</source>
        <translation>$ / GPU-Stunde (On-Demand)</translation>
    </message>
    <message>
        <source>In the search</source>
        <translation>In der Suche</translation>
    </message>
    <message>
        <source>Interconnect</source>
        <translation>Interconnect</translation>
    </message>
    <message>
        <source>Clustered</source>
        <translation>Clusterfähig</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>As of</source>
        <translation>Stand</translation>
    </message>
    <message>
        <source>Instances can be clustered into one deployment over a fabric (TP / EP / PP across instances)</source>
        <translation>Instanzen lassen sich über ein Fabric zu einem Einsatz zusammenschließen (TP / EP / PP über Instanzen hinweg)</translation>
    </message>
    <message>
        <source>What the layout search made of the offer for this plan</source>
        <translation>Was die Aufteilungssuche für diesen Plan aus dem Angebot gemacht hat</translation>
    </message>
    <message>
        <source>&lt;b&gt;Your offers&lt;/b&gt; (saved in the scenario as pricing.offers; double-click a cell to edit it, each change can be undone)</source>
        <translation>&lt;b&gt;Ihre Angebote&lt;/b&gt; (im Szenario als pricing.offers gespeichert; Doppelklick auf eine Zelle zum Bearbeiten, jede Änderung ist rückgängig machbar)</translation>
    </message>
    <message>
        <source>&amp;Add offer</source>
        <translation>Angebot hin&amp;zufügen</translation>
    </message>
    <message>
        <source>Add an offer for this GPU type; enter its shape and price</source>
        <translation>Ein Angebot für diesen GPU-Typ hinzufügen; Instanzform und Preis eingeben</translation>
    </message>
    <message>
        <source>&amp;Remove offer</source>
        <translation>Angebot &amp;entfernen</translation>
    </message>
    <message>
        <source>Remove the selected offer of yours</source>
        <translation>Das ausgewählte eigene Angebot entfernen</translation>
    </message>
    <message>
        <source>&amp;Import offers...</source>
        <translation>Angebote &amp;importieren...</translation>
    </message>
    <message>
        <source>Add the offers of a JSON offers file (the schema of offers.json, as hostplan-cli plan --offers reads)</source>
        <translation>Die Angebote einer JSON-Angebotsdatei hinzufügen (Schema von offers.json, wie hostplan-cli plan --offers es liest)</translation>
    </message>
    <message>
        <source>Import rental offers</source>
        <translation>Mietangebote importieren</translation>
    </message>
    <message>
        <source>Offers (*.json);;All files (*)</source>
        <translation>Angebote (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>chosen: %1, %2 a month</source>
        <translation>gewählt: %1, %2 im Monat</translation>
    </message>
    <message>
        <source>near tie: %1, %2 a month</source>
        <translation>fast gleichauf: %1, %2 im Monat</translation>
    </message>
    <message>
        <source>dearer: %1, %2 a month</source>
        <translation>teurer: %1, %2 im Monat</translation>
    </message>
    <message>
        <source>too little memory</source>
        <translation>zu wenig Speicher</translation>
    </message>
    <message>
        <source>too slow</source>
        <translation>zu langsam</translation>
    </message>
    <message>
        <source>no layout the engines run</source>
        <translation>keine Aufteilung, die die Engines ausführen</translation>
    </message>
    <message>
        <source>not ranked: GPUs per instance unknown</source>
        <translation>nicht eingestuft: GPUs pro Instanz unbekannt</translation>
    </message>
    <message>
        <source>not ranked: price unknown</source>
        <translation>nicht eingestuft: Preis unbekannt</translation>
    </message>
    <message>
        <source>not searched (another GPU type)</source>
        <translation>nicht durchsucht (anderer GPU-Typ)</translation>
    </message>
    <message>
        <source>Entered by you: the catalogue has none</source>
        <translation>Von Ihnen eingegeben: der Katalog hat keinen Wert</translation>
    </message>
    <message>
        <source>Overrides the catalogue offer of this id</source>
        <translation>Ersetzt das Katalogangebot mit dieser ID</translation>
    </message>
    <message>
        <source>unknown — enter</source>
        <translation>unbekannt — eingeben</translation>
    </message>
    <message>
        <source>reserved: %1</source>
        <translation>reserviert: %1</translation>
    </message>
    <message>
        <source>No on-demand price; reserved (%1) at %2 per GPU-hour</source>
        <translation>Kein On-Demand-Preis; reserviert (%1) zu %2 pro GPU-Stunde</translation>
    </message>
    <message>
        <source>price unknown — enter</source>
        <translation>Preis unbekannt — eingeben</translation>
    </message>
    <message>
        <source>Between instances: %1</source>
        <translation>Zwischen Instanzen: %1</translation>
    </message>
    <message>
        <source>Change offer %1 to %2</source>
        <translation>Angebot %1 auf %2 ändern</translation>
    </message>
    <message>
        <source>&lt;b&gt;Catalogue offers for %1&lt;/b&gt; (read-only; where the catalogue has no price or no instance shape, enter yours: it becomes an offer of yours with the same id)</source>
        <translation>&lt;b&gt;Katalogangebote für %1&lt;/b&gt; (schreibgeschützt; wo der Katalog keinen Preis oder keine Instanzform hat, geben Sie Ihren Wert ein: er wird zu einem eigenen Angebot mit derselben ID)</translation>
    </message>
    <message>
        <source>No plan: %1</source>
        <translation>Kein Plan: %1</translation>
    </message>
    <message>
        <source>Cheapest offer that carries the workload: &lt;b&gt;%1&lt;/b&gt; (%2), %3 at %4 per GPU-hour (%5): &lt;b&gt;%6 a month&lt;/b&gt;.</source>
        <translation>Günstigstes Angebot, das die Last trägt: &lt;b&gt;%1&lt;/b&gt; (%2), %3 zu %4 pro GPU-Stunde (%5): &lt;b&gt;%6 im Monat&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>No offer carries the workload: %1</source>
        <translation>Kein Angebot trägt die Last: %1</translation>
    </message>
    <message>
        <source>GPUs per instance: &apos;%1&apos; is not a whole number</source>
        <translation>GPUs pro Instanz: „%1“ ist keine ganze Zahl</translation>
    </message>
    <message>
        <source>$ / GPU-hour: &apos;%1&apos; is not a number</source>
        <translation>$ / GPU-Stunde: „%1“ ist keine Zahl</translation>
    </message>
    <message>
        <source>Change %1 of offer %2</source>
        <translation>%1 von Angebot %2 ändern</translation>
    </message>
    <message>
        <source>Remove your figures for offer %1</source>
        <translation>Ihre Werte für Angebot %1 entfernen</translation>
    </message>
    <message>
        <source>figures the catalogue lacks entered by the user</source>
        <translation>vom Nutzer eingegebene Werte, die im Katalog fehlen</translation>
    </message>
    <message>
        <source>Enter the price of offer %1: %2</source>
        <translation>Preis von Angebot %1 eingeben: %2</translation>
    </message>
    <message>
        <source>Enter the instance shape of offer %1: %2</source>
        <translation>Instanzform von Angebot %1 eingeben: %2</translation>
    </message>
    <message>
        <source>My provider</source>
        <translation>Mein Anbieter</translation>
    </message>
    <message>
        <source>entered by the user</source>
        <translation>vom Nutzer eingegeben</translation>
    </message>
    <message>
        <source>Add rental offer %1</source>
        <translation>Mietangebot %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove rental offer %1</source>
        <translation>Mietangebot %1 entfernen</translation>
    </message>
    <message>
        <source>Import rental offers %1</source>
        <translation>Mietangebote %1 importieren</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ParetoChart</name>
    <message>
        <source>TP %1 x EP %2 x PP %3 x DP %4 on %5
TTFT %6 ms, TPOT %7 ms (medians at the workload)
%8 tokens/s, %9 per 1M output tokens at capacity</source>
        <translation>TP %1 x EP %2 x PP %3 x DP %4 auf %5
TTFT %6 ms, TPOT %7 ms (Mediane bei der Last)
%8 Tokens/s, %9 pro 1 Mio. Ausgabe-Tokens bei voller Kapazität</translation>
    </message>
    <message>
        <source>Offer: %1</source>
        <translation>Angebot: %1</translation>
    </message>
    <message>
        <source>On the front</source>
        <translation>Auf der Front</translation>
    </message>
    <message>
        <source>Beaten on latency and cost by a layout on the front</source>
        <translation>Bei Latenz und Kosten von einer Aufteilung auf der Front geschlagen</translation>
    </message>
    <message>
        <source>Your plan</source>
        <translation>Ihr Plan</translation>
    </message>
    <message>
        <source>Layouts: no plan (%1)</source>
        <translation>Aufteilungen: kein Plan (%1)</translation>
    </message>
    <message>
        <source>Layouts: no layout carries the workload</source>
        <translation>Aufteilungen: keine Aufteilung trägt die Last</translation>
    </message>
    <message>
        <source>Layouts at your workload</source>
        <translation>Aufteilungen bei Ihrer Last</translation>
    </message>
    <message>
        <source>Beaten</source>
        <translation>Geschlagen</translation>
    </message>
    <message>
        <source>Front</source>
        <translation>Front</translation>
    </message>
    <message>
        <source>Median TPOT (ms)</source>
        <translation>Median TPOT (ms)</translation>
    </message>
    <message>
        <source>Median TTFT (ms)</source>
        <translation>Median TTFT (ms)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::PricingPanel</name>
    <message>
        <source> /GPU-h</source>
        <translation> /GPU-h</translation>
    </message>
    <message>
        <source>Rental rate of one GPU for one hour, USD</source>
        <translation>Mietpreis einer GPU für eine Stunde, USD</translation>
    </message>
    <message>
        <source>Catalogue</source>
        <translation>Katalog</translation>
    </message>
    <message>
        <source>Use the catalogue rate for this GPU type</source>
        <translation>Den Katalogpreis für diesen GPU-Typ verwenden</translation>
    </message>
    <message>
        <source>GPU rate</source>
        <translation>GPU-Preis</translation>
    </message>
    <message>
        <source> h/month</source>
        <translation> h/Monat</translation>
    </message>
    <message>
        <source>Hours in a month: 730 = 365 x 24 / 12; 720 = a 30-day month</source>
        <translation>Stunden eines Monats: 730 = 365 x 24 / 12; 720 = ein Monat mit 30 Tagen</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>Monat</translation>
    </message>
    <message>
        <source>API whose prices the plan is compared against</source>
        <translation>API, mit deren Preisen der Plan verglichen wird</translation>
    </message>
    <message>
        <source>&amp;API</source>
        <translation>API</translation>
    </message>
    <message>
        <source> /1M input</source>
        <translation> /1 Mio. Eingabe</translation>
    </message>
    <message>
        <source>API price of 1M uncached input tokens, USD</source>
        <translation>API-Preis für 1 Mio. ungecachte Eingabe-Tokens, USD</translation>
    </message>
    <message>
        <source> /1M cached</source>
        <translation> /1 Mio. gecacht</translation>
    </message>
    <message>
        <source>API price of 1M cached input tokens, USD</source>
        <translation>API-Preis für 1 Mio. gecachte Eingabe-Tokens, USD</translation>
    </message>
    <message>
        <source> /1M output</source>
        <translation> /1 Mio. Ausgabe</translation>
    </message>
    <message>
        <source>API price of 1M output tokens, USD</source>
        <translation>API-Preis für 1 Mio. Ausgabe-Tokens, USD</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>Cached input</source>
        <translation>Gecachte Eingabe</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>Catalogue prices</source>
        <translation>Katalogpreise</translation>
    </message>
    <message>
        <source>Use the catalogue prices of the chosen API</source>
        <translation>Die Katalogpreise der gewählten API verwenden</translation>
    </message>
    <message>
        <source>Change GPU rate to %1</source>
        <translation>GPU-Preis auf %1 ändern</translation>
    </message>
    <message>
        <source>Use the catalogue GPU rate</source>
        <translation>Katalog-GPU-Preis verwenden</translation>
    </message>
    <message>
        <source>Change hours per month to %1</source>
        <translation>Stunden pro Monat auf %1 ändern</translation>
    </message>
    <message>
        <source>Compare against %1</source>
        <translation>Mit %1 vergleichen</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>%1 auf %2 ändern</translation>
    </message>
    <message>
        <source>API input price</source>
        <translation>API-Eingabepreis</translation>
    </message>
    <message>
        <source>API cached input price</source>
        <translation>API-Preis für gecachte Eingabe</translation>
    </message>
    <message>
        <source>API output price</source>
        <translation>API-Ausgabepreis</translation>
    </message>
    <message>
        <source>Use the catalogue API prices</source>
        <translation>Katalog-API-Preise verwenden</translation>
    </message>
    <message>
        <source>%1 rate</source>
        <translation>%1-Preis</translation>
    </message>
    <message>
        <source>Catalogue rate</source>
        <translation>Katalogpreis</translation>
    </message>
    <message>
        <source>source: %1, as of %2</source>
        <translation>Quelle: %1, Stand %2</translation>
    </message>
    <message>
        <source>No catalogue API for this model: enter prices above.</source>
        <translation>Keine Katalog-API für dieses Modell: Preise oben eingeben.</translation>
    </message>
    <message>
        <source>Edited prices, based on %1</source>
        <translation>Bearbeitete Preise, basierend auf %1</translation>
    </message>
    <message>
        <source>Catalogue prices of %1</source>
        <translation>Katalogpreise von %1</translation>
    </message>
    <message>
        <source>Your rate. Catalogue: %1/GPU-hour</source>
        <translation>Ihr Preis. Katalog: %1/GPU-Stunde</translation>
    </message>
    <message>
        <source>Cheapest API for this model</source>
        <translation>Günstigste API für dieses Modell</translation>
    </message>
    <message>
        <source>Import price list...</source>
        <translation>Preisliste importieren...</translation>
    </message>
    <message>
        <source>Add API prices from a JSON or CSV price list (the schema of prices.json); undoable</source>
        <translation>API-Preise aus einer JSON- oder CSV-Preisliste hinzufügen (Schema von prices.json); rückgängig machbar</translation>
    </message>
    <message>
        <source>Import price list</source>
        <translation>Preisliste importieren</translation>
    </message>
    <message>
        <source>Price lists (*.json *.csv);;All files (*)</source>
        <translation>Preislisten (*.json *.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Import price list %1</source>
        <translation>Preisliste %1 importieren</translation>
    </message>
    <message>
        <source>%1 (%2 a month)</source>
        <translation>%1 (%2 im Monat)</translation>
    </message>
    <message>
        <source>Cheapest: %1</source>
        <translation>Günstigste: %1</translation>
    </message>
    <message>
        <source> /1M input (= output, not entered)</source>
        <translation> /1 Mio. Eingabe (= Ausgabe, nicht eingegeben)</translation>
    </message>
    <message>
        <source> /1M cached (= input, not entered)</source>
        <translation> /1 Mio. gecacht (= Eingabe, nicht eingegeben)</translation>
    </message>
    <message>
        <source> /1M output (= input, not entered)</source>
        <translation> /1 Mio. Ausgabe (= Eingabe, nicht eingegeben)</translation>
    </message>
    <message>
        <source>Rental rate of one GPU for one hour. Typing a rate prices every offer at it.</source>
        <translation>Mietpreis einer GPU für eine Stunde. Ein eingegebener Preis gilt für jedes Angebot.</translation>
    </message>
    <message>
        <source>USD per GPU-hour</source>
        <translation>USD pro GPU-Stunde</translation>
    </message>
    <message>
        <source>the on-demand rate of the rental offer the layout search chose (resources/offers.json), else the GPU&apos;s rate in resources/prices.json; source and date are shown below. Catalogue rates are stated assumptions: use your provider&apos;s quote.</source>
        <translation>der On-Demand-Preis des Mietangebots, das die Aufteilungssuche gewählt hat (resources/offers.json), sonst der Preis der GPU in resources/prices.json; Quelle und Datum stehen unten. Katalogpreise sind genannte Annahmen: verwenden Sie das Angebot Ihres Anbieters.</translation>
    </message>
    <message>
        <source>Drops your rate and uses the catalogue&apos;s again.</source>
        <translation>Verwirft Ihren Preis und verwendet wieder den des Katalogs.</translation>
    </message>
    <message>
        <source>Rental offers...</source>
        <translation>Mietangebote...</translation>
    </message>
    <message>
        <source>The offers the layout search ranks for this GPU type; add your own or enter a price the catalogue lacks</source>
        <translation>Die Angebote, die die Aufteilungssuche für diesen GPU-Typ einstuft; eigene hinzufügen oder einen im Katalog fehlenden Preis eingeben</translation>
    </message>
    <message>
        <source>Hours in one month, for monthly rental and API figures.</source>
        <translation>Stunden in einem Monat, für Monatsmiete und API-Werte.</translation>
    </message>
    <message>
        <source>hours per month</source>
        <translation>Stunden pro Monat</translation>
    </message>
    <message>
        <source>730 = 365 x 24 / 12, the average month (720 is a 30-day month).</source>
        <translation>730 = 365 x 24 / 12, der durchschnittliche Monat (720 ist ein Monat mit 30 Tagen).</translation>
    </message>
    <message>
        <source>The API whose prices the plan is compared against; the list holds the APIs in resources/prices.json (and imported price lists) that sell the plan&apos;s model.</source>
        <translation>Die API, mit deren Preisen der Plan verglichen wird; die Liste enthält die APIs aus resources/prices.json (und importierten Preislisten), die das Modell des Plans anbieten.</translation>
    </message>
    <message>
        <source>the cheapest API for this model at your token mix, or the default scenario&apos;s choice.</source>
        <translation>die günstigste API für dieses Modell bei Ihrem Token-Mix oder die Wahl des Standardszenarios.</translation>
    </message>
    <message>
        <source>Adds API prices from a JSON file (the api schema of resources/prices.json) or a CSV file with the same column names, as one undoable edit.</source>
        <translation>Fügt API-Preise aus einer JSON-Datei (api-Schema von resources/prices.json) oder einer CSV-Datei mit denselben Spaltennamen hinzu, als eine rückgängig machbare Änderung.</translation>
    </message>
    <message>
        <source>the chosen API&apos;s prices in resources/prices.json (source and as_of shown below).</source>
        <translation>die Preise der gewählten API in resources/prices.json (Quelle und as_of stehen unten).</translation>
    </message>
    <message>
        <source>API price of uncached input (prompt) tokens.</source>
        <translation>API-Preis für ungecachte Eingabe-Tokens (Prompt).</translation>
    </message>
    <message>
        <source>USD per 1M tokens</source>
        <translation>USD pro 1 Mio. Tokens</translation>
    </message>
    <message>
        <source>API price of input tokens served from the provider&apos;s prompt cache.</source>
        <translation>API-Preis für Eingabe-Tokens, die aus dem Prompt-Cache des Anbieters bedient werden.</translation>
    </message>
    <message>
        <source>the chosen API&apos;s cached-input price in resources/prices.json, or its input price where the provider publishes no discount.</source>
        <translation>der Preis für gecachte Eingabe der gewählten API in resources/prices.json oder ihr Eingabepreis, wo der Anbieter keinen Rabatt veröffentlicht.</translation>
    </message>
    <message>
        <source>API price of generated (output) tokens.</source>
        <translation>API-Preis für erzeugte Tokens (Ausgabe).</translation>
    </message>
    <message>
        <source>Drops your prices and uses the chosen API&apos;s catalogue prices.</source>
        <translation>Verwirft Ihre Preise und verwendet die Katalogpreise der gewählten API.</translation>
    </message>
    <message>
        <source>Batch API prices</source>
        <translation>Batch-API-Preise</translation>
    </message>
    <message>
        <source>An offline workload that can wait for the providers&apos; batch APIs: compare with their batch prices where published</source>
        <translation>Eine Offline-Last, die auf die Batch-APIs der Anbieter warten kann: mit deren Batch-Preisen vergleichen, wo veröffentlicht</translation>
    </message>
    <message>
        <source>Use batch API prices</source>
        <translation>Batch-API-Preise verwenden</translation>
    </message>
    <message>
        <source>Use standard API prices</source>
        <translation>Standard-API-Preise verwenden</translation>
    </message>
    <message>
        <source>Tier: prompts above %1 tokens (%2 per request here)</source>
        <translation>Stufe: Prompts über %1 Tokens (hier %2 pro Anfrage)</translation>
    </message>
    <message>
        <source>Tier: base prices (%1 prompt tokens per request)</source>
        <translation>Stufe: Basispreise (%1 Prompt-Tokens pro Anfrage)</translation>
    </message>
    <message>
        <source>batch price, %1% off</source>
        <translation>Batch-Preis, %1 % Rabatt</translation>
    </message>
    <message>
        <source>no batch price published: standard prices</source>
        <translation>kein Batch-Preis veröffentlicht: Standardpreise</translation>
    </message>
    <message>
        <source>Opens the rental offers editor: the catalogue&apos;s offers for this GPU type with the layout search&apos;s verdict on each, and your own offers (add, edit, import, remove; each change undoable and saved in the scenario).</source>
        <translation>Öffnet den Editor für Mietangebote: die Angebote des Katalogs für diesen GPU-Typ mit dem Urteil der Aufteilungssuche zu jedem, und Ihre eigenen Angebote (hinzufügen, bearbeiten, importieren, entfernen; jede Änderung rückgängig machbar und im Szenario gespeichert).</translation>
    </message>
    <message>
        <source>Compare with the providers&apos; published batch prices (often 50% off) instead of their standard prices, for offline workloads that can wait. Default: off.</source>
        <translation>Mit den veröffentlichten Batch-Preisen der Anbieter (oft 50 % günstiger) statt ihrer Standardpreise vergleichen, für Offline-Last, die warten kann. Standard: aus.</translation>
    </message>
    <message>
        <source>Rate of the chosen offer %1 (%2, %3); the %4 catalogue rate is %5/GPU-hour</source>
        <translation>Preis des gewählten Angebots %1 (%2, %3); der Katalogpreis für %4 ist %5/GPU-Stunde</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ProbePanel</name>
    <message>
        <source>Probe remote host</source>
        <translation>Entfernten Host prüfen</translation>
    </message>
    <message>
        <source>user@host or an alias from ~/.ssh/config</source>
        <translation>user@host oder ein Alias aus ~/.ssh/config</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>optional: ssh agent or config by default</source>
        <translation>optional: standardmäßig ssh-Agent oder ssh-Konfiguration</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Durchsuchen...</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>Host:</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>Port:</translation>
    </message>
    <message>
        <source>Identity file:</source>
        <translation>Schlüsseldatei:</translation>
    </message>
    <message>
        <source>Probe on the host:</source>
        <translation>Probe auf dem Host:</translation>
    </message>
    <message>
        <source>HostPlan runs your own ssh client with your ssh config and keys, without password prompts (BatchMode). It stores no passwords.</source>
        <translation>HostPlan startet Ihren eigenen ssh-Client mit Ihrer ssh-Konfiguration und Ihren Schlüsseln, ohne Passwortabfragen (BatchMode). Es speichert keine Passwörter.</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>Probe</translation>
    </message>
    <message>
        <source>Identity file</source>
        <translation>Schlüsseldatei</translation>
    </message>
    <message>
        <source>Probe this machine</source>
        <translation>Diesen Rechner prüfen</translation>
    </message>
    <message>
        <source>Import report...</source>
        <translation>Bericht importieren...</translation>
    </message>
    <message>
        <source>Probe remote host...</source>
        <translation>Entfernten Host prüfen...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>No probe report yet.</source>
        <translation>Noch kein Probe-Bericht.</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Planned / GPU</source>
        <translation>Geplant / GPU</translation>
    </message>
    <message>
        <source>Free (measured)</source>
        <translation>Frei (gemessen)</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>Reserve</translation>
    </message>
    <message>
        <source>Copy bandwidth (measured)</source>
        <translation>Kopierbandbreite (gemessen)</translation>
    </message>
    <message>
        <source>HBM bandwidth (catalogue)</source>
        <translation>HBM-Bandbreite (Katalog)</translation>
    </message>
    <message>
        <source>Measured / catalogue</source>
        <translation>Gemessen / Katalog</translation>
    </message>
    <message>
        <source>hostplan-probe was not found next to HostPlan or on PATH.</source>
        <translation>hostplan-probe wurde weder neben HostPlan noch im PATH gefunden.</translation>
    </message>
    <message>
        <source>Import probe report</source>
        <translation>Probe-Bericht importieren</translation>
    </message>
    <message>
        <source>Probe reports (*.json);;All files (*)</source>
        <translation>Probe-Berichte (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Could not import the report: %1</source>
        <translation>Der Bericht konnte nicht importiert werden: %1</translation>
    </message>
    <message>
        <source>No plan to compare with.</source>
        <translation>Kein Plan zum Vergleichen.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Fits (verified)</source>
        <translation>Passt (geprüft)</translation>
    </message>
    <message>
        <source>Fits (free memory)</source>
        <translation>Passt (freier Speicher)</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>Passt nicht</translation>
    </message>
    <message>
        <source>-</source>
        <translation>-</translation>
    </message>
    <message>
        <source>%1 found on %2.</source>
        <translation>%1 auf %2 gefunden.</translation>
    </message>
    <message>
        <source>The plan needs %1; the verdicts are per GPU.</source>
        <translation>Der Plan braucht %1; die Urteile gelten pro GPU.</translation>
    </message>
    <message>
        <source>Fit (current plan)</source>
        <translation>Passt (aktueller Plan)</translation>
    </message>
    <message>
        <source>Report from %1, %2. Probe result for the plan it was run with (%3 per GPU): %4.</source>
        <translation>Bericht von %1, %2. Probe-Ergebnis für den Plan, mit dem sie lief (%3 pro GPU): %4.</translation>
    </message>
    <message>
        <source>Report from %1, %2. Probe result: %3.</source>
        <translation>Bericht von %1, %2. Probe-Ergebnis: %3.</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>no GPU found</source>
        <translation>keine GPU gefunden</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>passt nicht</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <source>Verdicts for the current plan: %1 per GPU on %2 x %3.</source>
        <translation>Urteile für den aktuellen Plan: %1 pro GPU auf %2 x %3.</translation>
    </message>
    <message>
        <source>No current plan: verdicts for the plan the report was run with: %1 per GPU on %2 x %3.</source>
        <translation>Kein aktueller Plan: Urteile für den Plan, mit dem der Bericht erstellt wurde: %1 pro GPU auf %2 x %3.</translation>
    </message>
    <message>
        <source>Fit (report&apos;s plan)</source>
        <translation>Passt (Plan des Berichts)</translation>
    </message>
    <message>
        <source>Choose the identity file, from ~/.ssh by default.</source>
        <translation>Schlüsseldatei wählen, standardmäßig aus ~/.ssh.</translation>
    </message>
    <message>
        <source>The machine to probe over ssh: user@host, or a Host alias from your ~/.ssh/config.</source>
        <translation>Der über ssh zu prüfende Rechner: user@host oder ein Host-Alias aus Ihrer ~/.ssh/config.</translation>
    </message>
    <message>
        <source>the host of the last remote probe (empty the first time).</source>
        <translation>der Host der letzten entfernten Prüfung (beim ersten Mal leer).</translation>
    </message>
    <message>
        <source>The ssh port on the remote host.</source>
        <translation>Der ssh-Port auf dem entfernten Host.</translation>
    </message>
    <message>
        <source>TCP port number</source>
        <translation>TCP-Portnummer</translation>
    </message>
    <message>
        <source>&quot;default&quot; (0): ssh&apos;s own choice, port 22 or the Port in your ~/.ssh/config.</source>
        <translation>„Standard“ (0): die eigene Wahl von ssh, Port 22 oder der Port aus Ihrer ~/.ssh/config.</translation>
    </message>
    <message>
        <source>The private key ssh logs in with (ssh -i).</source>
        <translation>Der private Schlüssel, mit dem sich ssh anmeldet (ssh -i).</translation>
    </message>
    <message>
        <source>empty: your ssh agent and ~/.ssh/config choose the key.</source>
        <translation>leer: Ihr ssh-Agent und ~/.ssh/config wählen den Schlüssel.</translation>
    </message>
    <message>
        <source>The hostplan-probe command on the remote host, with its path if it is not on the PATH there.</source>
        <translation>Der Befehl hostplan-probe auf dem entfernten Host, mit Pfad, falls er dort nicht im PATH liegt.</translation>
    </message>
    <message>
        <source>hostplan-probe (found on the remote PATH).</source>
        <translation>hostplan-probe (im entfernten PATH gefunden).</translation>
    </message>
    <message>
        <source>Runs hostplan-probe on this computer: lists the GPUs, checks that the current plan&apos;s bytes per GPU can be allocated, and times copy bandwidth and the MXFP4 kernels. Without a GPU it says so and changes nothing.</source>
        <translation>Führt hostplan-probe auf diesem Rechner aus: listet die GPUs auf, prüft, ob sich die Bytes pro GPU des aktuellen Plans belegen lassen, und misst Kopierbandbreite und die MXFP4-Kernels. Ohne GPU meldet es das und ändert nichts.</translation>
    </message>
    <message>
        <source>Runs hostplan-probe on a rented node over your own ssh (BatchMode, your keys and config; no passwords are stored) and reads back its JSON report.</source>
        <translation>Führt hostplan-probe über Ihr eigenes ssh auf einem gemieteten Knoten aus (BatchMode, Ihre Schlüssel und Konfiguration; es werden keine Passwörter gespeichert) und liest den JSON-Bericht zurück.</translation>
    </message>
    <message>
        <source>Reads a JSON report written by hostplan-probe all -o report.json on another machine (probe/probereport.h, schema_version 1).</source>
        <translation>Liest einen JSON-Bericht, den hostplan-probe all -o report.json auf einem anderen Rechner geschrieben hat (probe/probereport.h, schema_version 1).</translation>
    </message>
    <message>
        <source>Stops the running probe; the probe frees every allocation.</source>
        <translation>Stoppt die laufende Probe; die Probe gibt jede Belegung frei.</translation>
    </message>
    <message>
        <source>One row per GPU found: the plan&apos;s bytes per GPU against the free memory the probe measured, whether the plan fits, and the measured copy bandwidth against the catalogue&apos;s HBM figure (resources/gpus.json).</source>
        <translation>Eine Zeile pro gefundener GPU: die Bytes pro GPU des Plans gegenüber dem von der Probe gemessenen freien Speicher, ob der Plan passt, und die gemessene Kopierbandbreite gegenüber dem HBM-Wert des Katalogs (resources/gpus.json).</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ProbeRemote</name>
    <message>
        <source>No host given.</source>
        <translation>Kein Host angegeben.</translation>
    </message>
    <message>
        <source>A host name cannot start with &apos;-&apos;.</source>
        <translation>Ein Hostname darf nicht mit &apos;-&apos; beginnen.</translation>
    </message>
    <message>
        <source>A host name cannot contain spaces or control characters.</source>
        <translation>Ein Hostname darf keine Leerzeichen oder Steuerzeichen enthalten.</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>dieser Rechner</translation>
    </message>
    <message>
        <source>A probe is already running.</source>
        <translation>Es läuft bereits eine Probe.</translation>
    </message>
    <message>
        <source>Starting the probe on this machine</source>
        <translation>Probe auf diesem Rechner wird gestartet</translation>
    </message>
    <message>
        <source>Connecting to %1</source>
        <translation>Verbindung zu %1 wird hergestellt</translation>
    </message>
    <message>
        <source>Could not start the probe %1: %2. Build hostplan-probe or set its path.</source>
        <translation>Die Probe %1 konnte nicht gestartet werden: %2. Bauen Sie hostplan-probe oder geben Sie seinen Pfad an.</translation>
    </message>
    <message>
        <source>Could not start the ssh client %1: %2. Install OpenSSH.</source>
        <translation>Der ssh-Client %1 konnte nicht gestartet werden: %2. Installieren Sie OpenSSH.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>The ssh client for %1 ended abnormally. %2</source>
        <translation>Der ssh-Client für %1 wurde abnormal beendet. %2</translation>
    </message>
    <message>
        <source>The probe crashed. %1</source>
        <translation>Die Probe ist abgestürzt. %1</translation>
    </message>
    <message>
        <source>Could not reach %1: %2</source>
        <translation>%1 ist nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>ssh failed</source>
        <translation>ssh fehlgeschlagen</translation>
    </message>
    <message>
        <source>hostplan-probe was not found on %1 (%2). Install it there or give its path.</source>
        <translation>hostplan-probe wurde auf %1 nicht gefunden (%2). Installieren Sie es dort oder geben Sie seinen Pfad an.</translation>
    </message>
    <message>
        <source>The probe on %1 exited with code %2 without a report. %3</source>
        <translation>Die Probe auf %1 endete mit Code %2 ohne Bericht. %3</translation>
    </message>
    <message>
        <source>%1 answered, but not with a probe report: %2</source>
        <translation>%1 hat geantwortet, aber nicht mit einem Probe-Bericht: %2</translation>
    </message>
    <message>
        <source>Report received from %1</source>
        <translation>Bericht von %1 empfangen</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Rate</name>
    <message>
        <source>Cost at your rate of %1 per GPU-hour (every offer is ranked at it too).</source>
        <translation>Kosten zu Ihrem Preis von %1 pro GPU-Stunde (auch jedes Angebot wird dazu eingestuft).</translation>
    </message>
    <message>
        <source>Cost at the chosen offer&apos;s own rate: %1 per GPU-hour, %2 (%3 %4).</source>
        <translation>Kosten zum eigenen Preis des gewählten Angebots: %1 pro GPU-Stunde, %2 (%3 %4).</translation>
    </message>
    <message>
        <source>Cost at the %1 catalogue rate of %2 per GPU-hour, as the GPU count or layout is yours.</source>
        <translation>Kosten zum Katalogpreis für %1 von %2 pro GPU-Stunde, da GPU-Anzahl oder Aufteilung von Ihnen stammen.</translation>
    </message>
    <message>
        <source>The layout search ranks each offer at its own rate: its choice, %1, costs %2 a month at %3 per GPU-hour.</source>
        <translation>Die Aufteilungssuche stuft jedes Angebot zu seinem eigenen Preis ein: ihre Wahl, %1, kostet %2 im Monat zu %3 pro GPU-Stunde.</translation>
    </message>
    <message>
        <source>on demand</source>
        <translation>auf Abruf</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>reserviert</translation>
    </message>
    <message>
        <source>reserved (%1)</source>
        <translation>reserviert (%1)</translation>
    </message>
    <message>
        <source>No GPU-hour rate is known for %1, so the rental cost is unknown, not free.</source>
        <translation>Für %1 ist kein GPU-Stundenpreis bekannt, die Mietkosten sind also unbekannt, nicht null.</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Report</name>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>Key figures</source>
        <translation>Kennzahlen</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Passt</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>%1 (TP %2, EP %3, PP %4)</source>
        <translation>%1 (TP %2, EP %3, PP %4)</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Last</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>Speicher pro GPU</translation>
    </message>
    <message>
        <source>%1 needed of %2 usable</source>
        <translation>%1 benötigt von %2 nutzbar</translation>
    </message>
    <message>
        <source>Memory in total</source>
        <translation>Speicher insgesamt</translation>
    </message>
    <message>
        <source>Memory floor (weights only)</source>
        <translation>Speicheruntergrenze (nur Gewichte)</translation>
    </message>
    <message>
        <source>Practical count / pilot range</source>
        <translation>Praktische Anzahl / Pilotbereich</translation>
    </message>
    <message>
        <source>none up to %1</source>
        <translation>keine bis %1</translation>
    </message>
    <message>
        <source>GPU-hour rate</source>
        <translation>GPU-Stundenpreis</translation>
    </message>
    <message>
        <source>Monthly rental, always on (%1 h)</source>
        <translation>Monatsmiete, Dauerbetrieb (%1 h)</translation>
    </message>
    <message>
        <source>Monthly rental at %1 h/day</source>
        <translation>Monatsmiete bei %1 h/Tag</translation>
    </message>
    <message>
        <source>no API price</source>
        <translation>kein API-Preis</translation>
    </message>
    <message>
        <source>API, same volume (%1)</source>
        <translation>API, gleiches Volumen (%1)</translation>
    </message>
    <message>
        <source>API, same volume</source>
        <translation>API, gleiches Volumen</translation>
    </message>
    <message>
        <source>Self-hosted cost per 1M output tokens</source>
        <translation>Selbst gehostet, Kosten pro 1 Mio. Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>Break-even output volume</source>
        <translation>Break-even-Ausgabevolumen</translation>
    </message>
    <message>
        <source>Break-even heavy users</source>
        <translation>Break-even Vielnutzer</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>Empfehlung</translation>
    </message>
    <message>
        <source>Rental cost of %1 at %2 per GPU-hour</source>
        <translation>Mietkosten für %1 zu %2 pro GPU-Stunde</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>GPU-hours, 24 h/day</source>
        <translation>GPU-Stunden, 24 h/Tag</translation>
    </message>
    <message>
        <source>Cost, always on</source>
        <translation>Kosten, Dauerbetrieb</translation>
    </message>
    <message>
        <source>GPU-hours, %1 h/day</source>
        <translation>GPU-Stunden, %1 h/Tag</translation>
    </message>
    <message>
        <source>Cost at %1 h/day</source>
        <translation>Kosten bei %1 h/Tag</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 Stunde</translation>
    </message>
    <message>
        <source>1 day</source>
        <translation>1 Tag</translation>
    </message>
    <message>
        <source>30 days (720 h)</source>
        <translation>30 Tage (720 h)</translation>
    </message>
    <message>
        <source>Month (%1 h, as planned)</source>
        <translation>Monat (%1 h, wie geplant)</translation>
    </message>
    <message>
        <source>The same tokens at API prices (%1): %2 per month. The hour row is one hour of running GPUs; &quot;at %3 h/day&quot; rents them only for those hours.</source>
        <translation>Dieselben Tokens zu API-Preisen (%1): %2 pro Monat. Die Stundenzeile ist eine Stunde laufender GPUs; „bei %3 h/Tag“ mietet sie nur für diese Stunden.</translation>
    </message>
    <message>
        <source>No API price is known for this model, so there is no API comparison. The hour row is one hour of running GPUs; &quot;at %1 h/day&quot; rents them only for those hours.</source>
        <translation>Für dieses Modell ist kein API-Preis bekannt, daher gibt es keinen API-Vergleich. Die Stundenzeile ist eine Stunde laufender GPUs; „bei %1 h/Tag“ mietet sie nur für diese Stunden.</translation>
    </message>
    <message>
        <source>Memory per GPU (most loaded GPU) and in total (%1, TP %2, EP %3, PP %4)</source>
        <translation>Speicher pro GPU (am stärksten belastete GPU) und insgesamt (%1, TP %2, EP %3, PP %4)</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>Komponente</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>Pro GPU</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>KV cache (%1 x %2 tokens)</source>
        <translation>KV-Cache (%1 x %2 Tokens)</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Aktivierungen</translation>
    </message>
    <message>
        <source>Runtime overhead</source>
        <translation>Laufzeit-Overhead</translation>
    </message>
    <message>
        <source>Total needed</source>
        <translation>Gesamtbedarf</translation>
    </message>
    <message>
        <source>Engine budget (memory fraction %1)</source>
        <translation>Engine-Budget (Speicheranteil %1)</translation>
    </message>
    <message>
        <source>Usable GPU memory (driver total)</source>
        <translation>Nutzbarer GPU-Speicher (laut Treiber)</translation>
    </message>
    <message>
        <source>Room for KV cache and state</source>
        <translation>Platz für KV-Cache und Zustand</translation>
    </message>
    <message>
        <source>Decimal GB (10^9 bytes) with binary GiB (2^30 bytes) in brackets. KV cache: %1 bytes per token for the whole model, %2 per GPU. Up to %3 of %4 tokens fit at once.</source>
        <translation>Dezimale GB (10^9 Bytes), binäre GiB (2^30 Bytes) in Klammern. KV-Cache: %1 Bytes pro Token für das ganze Modell, %2 pro GPU. Bis zu %3 mit %4 Tokens passen gleichzeitig.</translation>
    </message>
    <message>
        <source>Weights by tensor group</source>
        <translation>Gewichte nach Tensorgruppe</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>Verteilung</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Whole model</source>
        <translation>Ganzes Modell</translation>
    </message>
    <message>
        <source>sharded</source>
        <translation>aufgeteilt</translation>
    </message>
    <message>
        <source>replicated</source>
        <translation>repliziert</translation>
    </message>
    <message>
        <source>All groups</source>
        <translation>Alle Gruppen</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Memory floor</source>
        <translation>Speicheruntergrenze</translation>
    </message>
    <message>
        <source>Practical count</source>
        <translation>Praktische Anzahl</translation>
    </message>
    <message>
        <source>Pilot range</source>
        <translation>Pilotbereich</translation>
    </message>
    <message>
        <source>Per GPU-hour</source>
        <translation>Pro GPU-Stunde</translation>
    </message>
    <message>
        <source>Month at %1 h/day</source>
        <translation>Monat bei %1 h/Tag</translation>
    </message>
    <message>
        <source>Month always on</source>
        <translation>Monat im Dauerbetrieb</translation>
    </message>
    <message>
        <source> (scenario)</source>
        <translation> (Szenario)</translation>
    </message>
    <message>
        <source>the API costs %1 per month for the same tokens.</source>
        <translation>die API kostet für dieselben Tokens %1 pro Monat.</translation>
    </message>
    <message>
        <source>no API price is known for this model.</source>
        <translation>für dieses Modell ist kein API-Preis bekannt.</translation>
    </message>
    <message>
        <source>Each probed GPU against the plan</source>
        <translation>Jede geprüfte GPU im Vergleich zum Plan</translation>
    </message>
    <message>
        <source>Planned per GPU</source>
        <translation>Geplant pro GPU</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>Frei</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>Reserve</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>Measured bandwidth</source>
        <translation>Gemessene Bandbreite</translation>
    </message>
    <message>
        <source>Catalogue</source>
        <translation>Katalog</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>Verhältnis</translation>
    </message>
    <message>
        <source>No probe report is attached. Run hostplan-probe on the rented machine (hostplan-probe all --json --scenario FILE &gt; probe.json) and attach the report: hostplan-cli report --probe-report probe.json, or import it in the Probe panel before exporting from the GUI.</source>
        <translation>Kein Probe-Bericht angehängt. Führen Sie hostplan-probe auf dem gemieteten Rechner aus (hostplan-probe all --json --scenario DATEI &gt; probe.json) und hängen Sie den Bericht an: hostplan-cli report --probe-report probe.json, oder importieren Sie ihn im Probe-Bereich, bevor Sie aus der GUI exportieren.</translation>
    </message>
    <message>
        <source>Probe report from host %1, %2 (%3 %4); status: %5; GPUs found: %6.</source>
        <translation>Probe-Bericht von Host %1, %2 (%3 %4); Status: %5; gefundene GPUs: %6.</translation>
    </message>
    <message>
        <source>Fits (verified)</source>
        <translation>Passt (geprüft)</translation>
    </message>
    <message>
        <source>Fits (free memory)</source>
        <translation>Passt (freier Speicher)</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>Passt nicht</translation>
    </message>
    <message>
        <source>GPU %1: %2.</source>
        <translation>GPU %1: %2.</translation>
    </message>
    <message>
        <source>Assumptions: every input and catalogue figure used</source>
        <translation>Annahmen: jede verwendete Eingabe und Katalogangabe</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Posten</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>As of</source>
        <translation>Stand</translation>
    </message>
    <message>
        <source>Scenario input</source>
        <translation>Szenario-Eingabe</translation>
    </message>
    <message>
        <source>Scenario input (%1)</source>
        <translation>Szenario-Eingabe (%1)</translation>
    </message>
    <message>
        <source>Scenario name</source>
        <translation>Szenarioname</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Weights format</source>
        <translation>Gewichtsformat</translation>
    </message>
    <message>
        <source>as shipped in the checkpoint</source>
        <translation>wie im Checkpoint ausgeliefert</translation>
    </message>
    <message>
        <source>Format of %1 weights</source>
        <translation>Format der Gewichte von %1</translation>
    </message>
    <message>
        <source>KV cache format</source>
        <translation>KV-Cache-Format</translation>
    </message>
    <message>
        <source>GPU type</source>
        <translation>GPU-Typ</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU-Anzahl</translation>
    </message>
    <message>
        <source>auto (practical count: %1)</source>
        <translation>automatisch (praktische Anzahl: %1)</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>GPUs pro Knoten</translation>
    </message>
    <message>
        <source>Parallel layout</source>
        <translation>Parallele Aufteilung</translation>
    </message>
    <message>
        <source>TP %1, EP %2, PP %3</source>
        <translation>TP %1, EP %2, PP %3</translation>
    </message>
    <message>
        <source>HostPlan&apos;s preferred layout for the GPU count (core/sizing/fit.h)</source>
        <translation>HostPlans bevorzugte Aufteilung für die GPU-Anzahl (core/sizing/fit.h)</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>Serving-Engine</translation>
    </message>
    <message>
        <source>Engine memory fraction</source>
        <translation>Speicheranteil der Engine</translation>
    </message>
    <message>
        <source>State slots per request</source>
        <translation>Zustandsplätze pro Anfrage</translation>
    </message>
    <message>
        <source>KV block size</source>
        <translation>KV-Blockgröße</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
    <message>
        <source>Prefill chunk</source>
        <translation>Prefill-Block</translation>
    </message>
    <message>
        <source>Activations per GPU</source>
        <translation>Aktivierungen pro GPU</translation>
    </message>
    <message>
        <source>Runtime overhead per GPU</source>
        <translation>Laufzeit-Overhead pro GPU</translation>
    </message>
    <message>
        <source>Context per sequence</source>
        <translation>Kontext pro Sequenz</translation>
    </message>
    <message>
        <source>Concurrent sequences</source>
        <translation>Gleichzeitige Sequenzen</translation>
    </message>
    <message>
        <source>Input tokens per month</source>
        <translation>Eingabe-Tokens pro Monat</translation>
    </message>
    <message>
        <source>Cached input tokens per month</source>
        <translation>Gecachte Eingabe-Tokens pro Monat</translation>
    </message>
    <message>
        <source>Output tokens per month</source>
        <translation>Ausgabe-Tokens pro Monat</translation>
    </message>
    <message>
        <source>Hours per day rented</source>
        <translation>Gemietete Stunden pro Tag</translation>
    </message>
    <message>
        <source>Heavy user&apos;s tokens per month</source>
        <translation>Tokens eines Vielnutzers pro Monat</translation>
    </message>
    <message>
        <source>Hours per month</source>
        <translation>Stunden pro Monat</translation>
    </message>
    <message>
        <source>GPU-hour rate (%1)</source>
        <translation>GPU-Stundenpreis (%1)</translation>
    </message>
    <message>
        <source>%1 per 1M tokens</source>
        <translation>%1 pro 1 Mio. Tokens</translation>
    </message>
    <message>
        <source>API compared</source>
        <translation>Verglichene API</translation>
    </message>
    <message>
        <source>the model&apos;s default API (catalogue)</source>
        <translation>die Standard-API des Modells (Katalog)</translation>
    </message>
    <message>
        <source>API input price</source>
        <translation>API-Eingabepreis</translation>
    </message>
    <message>
        <source>API cached input price</source>
        <translation>API-Preis für gecachte Eingabe</translation>
    </message>
    <message>
        <source>API output price</source>
        <translation>API-Ausgabepreis</translation>
    </message>
    <message>
        <source>Total parameters</source>
        <translation>Parameter insgesamt</translation>
    </message>
    <message>
        <source>Active parameters per token</source>
        <translation>Aktive Parameter pro Token</translation>
    </message>
    <message>
        <source>Weights (after formats)</source>
        <translation>Gewichte (nach Formaten)</translation>
    </message>
    <message>
        <source>Checkpoint size</source>
        <translation>Checkpoint-Größe</translation>
    </message>
    <message>
        <source>Maximum context</source>
        <translation>Maximaler Kontext</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>Experten</translation>
    </message>
    <message>
        <source>%1 routed, %2 active per token, %3 shared</source>
        <translation>%1 geroutet, %2 aktiv pro Token, %3 geteilt</translation>
    </message>
    <message>
        <source>Advertised memory per GPU</source>
        <translation>Beworbener Speicher pro GPU</translation>
    </message>
    <message>
        <source>Usable memory per GPU</source>
        <translation>Nutzbarer Speicher pro GPU</translation>
    </message>
    <message>
        <source>HBM bandwidth per GPU</source>
        <translation>HBM-Bandbreite pro GPU</translation>
    </message>
    <message>
        <source>Native MXFP4</source>
        <translation>Natives MXFP4</translation>
    </message>
    <message>
        <source>no (dequantized at run time)</source>
        <translation>nein (zur Laufzeit dequantisiert)</translation>
    </message>
    <message>
        <source>%1 memory</source>
        <translation>Speicher von %1</translation>
    </message>
    <message>
        <source>%1 GPU-hour rate</source>
        <translation>GPU-Stundenpreis von %1</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>Burst rental</source>
        <translation>Burst-Miete</translation>
    </message>
    <message>
        <source>Dedicated</source>
        <translation>Dediziert</translation>
    </message>
    <message>
        <source>No API comparison</source>
        <translation>Kein API-Vergleich</translation>
    </message>
    <message>
        <source>%1: no API price is known for %2; set one in the scenario&apos;s pricing to compare renting %3 (%4 a month at %5 h/day) with paying per token.</source>
        <translation>%1: für %2 ist kein API-Preis bekannt; legen Sie in den Preisen des Szenarios einen fest, um die Miete von %3 (%4 im Monat bei %5 h/Tag) mit der Bezahlung pro Token zu vergleichen.</translation>
    </message>
    <message>
        <source>%1: %2 does not carry this workload; stay on the API until a configuration fits (practical count: %3).</source>
        <translation>%1: %2 trägt diese Last nicht; bleiben Sie bei der API, bis eine Konfiguration passt (praktische Anzahl: %3).</translation>
    </message>
    <message>
        <source>none up to %1 GPUs</source>
        <translation>keine bis %1 GPUs</translation>
    </message>
    <message>
        <source>%1: the API would cost %2 per month, more than %3 always on (%4); rent or own them around the clock.</source>
        <translation>%1: die API würde %2 pro Monat kosten, mehr als %3 im Dauerbetrieb (%4); mieten oder besitzen Sie sie rund um die Uhr.</translation>
    </message>
    <message>
        <source>%1: rent %2 for %3 h/day (%4 per month) instead of the API (%5); always on (%6) would cost more than the API.</source>
        <translation>%1: mieten Sie %2 für %3 h/Tag (%4 pro Monat) statt der API (%5); Dauerbetrieb (%6) würde mehr kosten als die API.</translation>
    </message>
    <message>
        <source>%1-%2 GPUs</source>
        <translation>%1-%2 GPUs</translation>
    </message>
    <message>
        <source>HostPlan budget report</source>
        <translation>HostPlan-Budgetbericht</translation>
    </message>
    <message>
        <source>Fits on %1</source>
        <translation>Passt auf %1</translation>
    </message>
    <message>
        <source>Does not fit on %1</source>
        <translation>Passt nicht auf %1</translation>
    </message>
    <message>
        <source>Does not fit: %1.</source>
        <translation>Passt nicht: %1.</translation>
    </message>
    <message>
        <source>Note: %1.</source>
        <translation>Hinweis: %1.</translation>
    </message>
    <message>
        <source>Recommendation: API when the plan does not fit, or when the API bill for the workload&apos;s tokens is no more than renting at the chosen hours a day; Dedicated when the API bill is more than renting the GPUs always on; Burst rental in between (renting for the chosen hours beats the API, always on does not).</source>
        <translation>Empfehlung: API, wenn der Plan nicht passt oder wenn die API-Rechnung für die Tokens der Last nicht höher ist als die Miete bei den gewählten Stunden pro Tag; Dediziert, wenn die API-Rechnung höher ist als die Miete der GPUs im Dauerbetrieb; Burst-Miete dazwischen (die Miete für die gewählten Stunden schlägt die API, der Dauerbetrieb nicht).</translation>
    </message>
    <message>
        <source>Memory floor: GPUs whose advertised memory (decimal GB) holds the weights alone, ceil(weights / memory per GPU). It is a boundary, not a deployment.</source>
        <translation>Speicheruntergrenze: GPUs, deren beworbener Speicher (dezimale GB) allein die Gewichte fasst, ceil(Gewichte / Speicher pro GPU). Sie ist eine Grenze, kein Deployment.</translation>
    </message>
    <message>
        <source>Practical count: the smallest rentable count (1 GPU, or whole nodes of the GPU&apos;s node size) whose preferred layout (TP inside a node, PP across nodes) holds the weights, activations, runtime and the KV cache of the workload within the engine&apos;s memory budget.</source>
        <translation>Praktische Anzahl: die kleinste mietbare Anzahl (1 GPU oder ganze Knoten in der Knotengröße der GPU), deren bevorzugte Aufteilung (TP innerhalb eines Knotens, PP über Knoten hinweg) die Gewichte, Aktivierungen, Laufzeit und den KV-Cache der Last innerhalb des Speicherbudgets der Engine fasst.</translation>
    </message>
    <message>
        <source>Costs: GPU-hours x rate. A month is %1 h (365 x 24 / 12) always on; at H h/day it is H x %1 / 24 h. 30 days = 720 h.</source>
        <translation>Kosten: GPU-Stunden x Preis. Ein Monat hat im Dauerbetrieb %1 h (365 x 24 / 12); bei H h/Tag sind es H x %1 / 24 h. 30 Tage = 720 h.</translation>
    </message>
    <message>
        <source>API cost: input, cached input and output tokens a month x the API&apos;s price per 1M tokens. Break-even: the output volume (input and cached input growing in the same ratio) at which the API bill equals the rental at the chosen hours a day; heavy users: the rental divided by one heavy user&apos;s API bill (all tokens billed as output).</source>
        <translation>API-Kosten: Eingabe-, gecachte Eingabe- und Ausgabe-Tokens im Monat x API-Preis pro 1 Mio. Tokens. Break-even: das Ausgabevolumen (Eingabe und gecachte Eingabe wachsen im selben Verhältnis), bei dem die API-Rechnung der Miete bei den gewählten Stunden pro Tag entspricht; Vielnutzer: die Miete geteilt durch die API-Rechnung eines Vielnutzers (alle Tokens als Ausgabe berechnet).</translation>
    </message>
    <message>
        <source>%1 (continued)</source>
        <translation>%1 (Fortsetzung)</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>Seite %1 von %2</translation>
    </message>
    <message>
        <source>HostPlan budget report · %1 · %2</source>
        <translation>HostPlan-Budgetbericht · %1 · %2</translation>
    </message>
    <message>
        <source>Date %1 · model %2 · %3 x %4</source>
        <translation>Datum %1 · Modell %2 · %3 x %4</translation>
    </message>
    <message>
        <source> · scenario file %1</source>
        <translation> · Szenariodatei %1</translation>
    </message>
    <message>
        <source>1. Executive summary</source>
        <translation>1. Zusammenfassung</translation>
    </message>
    <message>
        <source>2. Cost</source>
        <translation>2. Kosten</translation>
    </message>
    <message>
        <source>3. Memory</source>
        <translation>3. Speicher</translation>
    </message>
    <message>
        <source>Memory per GPU by weight precision</source>
        <translation>Speicher pro GPU nach Gewichtsgenauigkeit</translation>
    </message>
    <message>
        <source>4. Options across GPU types</source>
        <translation>4. Optionen über GPU-Typen</translation>
    </message>
    <message>
        <source>Monthly rental per GPU type</source>
        <translation>Monatsmiete pro GPU-Typ</translation>
    </message>
    <message>
        <source>Every input of the scenario and every catalogue figure the plan used, with its source and date. Replace an assumption by editing the scenario (or the catalogue files) and export the report again.</source>
        <translation>Jede Eingabe des Szenarios und jede Katalogangabe, die der Plan verwendet hat, mit Quelle und Datum. Ersetzen Sie eine Annahme, indem Sie das Szenario (oder die Katalogdateien) bearbeiten, und exportieren Sie den Bericht erneut.</translation>
    </message>
    <message>
        <source>All figures come from HostPlan&apos;s core (the same numbers as hostplan-cli plan --json and the GUI). Bytes are decimal GB (10^9) with binary GiB (2^30) in brackets; money is USD.</source>
        <translation>Alle Zahlen stammen aus dem Kern von HostPlan (dieselben Zahlen wie hostplan-cli plan --json und die GUI). Bytes sind dezimale GB (10^9) mit binären GiB (2^30) in Klammern; Geldbeträge in USD.</translation>
    </message>
    <message>
        <source>Cannot write the report: the scenario has no plan (%1)</source>
        <translation>Der Bericht kann nicht geschrieben werden: das Szenario hat keinen Plan (%1)</translation>
    </message>
    <message>
        <source>Cannot write the report: the charts need a QApplication</source>
        <translation>Der Bericht kann nicht geschrieben werden: die Diagramme brauchen eine QApplication</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Cannot write %1: the PDF could not be started</source>
        <translation>%1 kann nicht geschrieben werden: das PDF konnte nicht begonnen werden</translation>
    </message>
    <message>
        <source>Cannot write %1: the PDF could not be finished</source>
        <translation>%1 kann nicht geschrieben werden: das PDF konnte nicht abgeschlossen werden</translation>
    </message>
    <message>
        <source>All %1</source>
        <translation>Alle %1</translation>
    </message>
    <message>
        <source>The plan needs %1 and the probed machine has %2: the verdicts are per GPU.</source>
        <translation>Der Plan braucht %1 und der geprüfte Rechner hat %2: die Urteile gelten pro GPU.</translation>
    </message>
    <message>
        <source>%1 of %2 tokens (up to %3 fit)</source>
        <translation>%1 mit %2 Tokens (bis zu %3 passen)</translation>
    </message>
    <message>
        <source>n/a (the plan does not fit)</source>
        <translation>n. v. (der Plan passt nicht)</translation>
    </message>
    <message>
        <source>Options across GPU types (%1, %2 of %3 tokens)</source>
        <translation>Optionen über GPU-Typen (%1, %2 mit %3 Tokens)</translation>
    </message>
    <message>
        <source>%1 (TP %2, EP %3, PP %4) carry %5 of %6 tokens of %7; up to %8 fit at once.</source>
        <translation>%1 (TP %2, EP %3, PP %4) tragen %5 mit %6 Tokens von %7; bis zu %8 passen gleichzeitig.</translation>
    </message>
    <message>
        <source>Sequences at %1 ms</source>
        <translation>Sequenzen bei %1 ms</translation>
    </message>
    <message>
        <source>0 (too slow)</source>
        <translation>0 (zu langsam)</translation>
    </message>
    <message>
        <source>The probed machine has %1, the plan is for %2: the verdicts below test the plan&apos;s memory per GPU on the probed GPUs, and the plan&apos;s speed figures are not calibrated by this report.</source>
        <translation>Der geprüfte Rechner hat %1, der Plan gilt für %2: die Urteile unten prüfen den Speicherbedarf pro GPU des Plans auf den geprüften GPUs, und die Geschwindigkeitswerte des Plans werden durch diesen Bericht nicht kalibriert.</translation>
    </message>
    <message>
        <source>Cost per 1M output tokens at capacity (%1% utilisation)</source>
        <translation>Kosten je 1 Mio. Ausgabe-Tokens bei voller Kapazität (%1 % Auslastung)</translation>
    </message>
    <message>
        <source>Also sold by: %1</source>
        <translation>Auch angeboten von: %1</translation>
    </message>
    <message>
        <source>%1 in / %2 out per 1M tokens; %3 a month for this workload</source>
        <translation>%1 Eingabe / %2 Ausgabe je 1 Mio. Tokens; %3 im Monat für diese Last</translation>
    </message>
    <message>
        <source>Stale price: %1 is from %2, %3 days before this report (older than %4 days); check the provider&apos;s page before deciding.</source>
        <translation>Veralteter Preis: %1 stammt vom %2, %3 Tage vor diesem Bericht (älter als %4 Tage); vor der Entscheidung die Seite des Anbieters prüfen.</translation>
    </message>
    <message>
        <source>GPU-hour rate (%1, offer %2, %3)</source>
        <translation>GPU-Stundenpreis (%1, Angebot %2, %3)</translation>
    </message>
    <message>
        <source>API context-length tier</source>
        <translation>API-Stufe nach Kontextlänge</translation>
    </message>
    <message>
        <source>prompts above %1 tokens (%2 per request in this workload)</source>
        <translation>Prompts über %1 Tokens (%2 pro Anfrage in dieser Last)</translation>
    </message>
    <message>
        <source>base prices (%1 prompt tokens per request in this workload)</source>
        <translation>Basispreise (%1 Prompt-Tokens pro Anfrage in dieser Last)</translation>
    </message>
    <message>
        <source>Batch API prices</source>
        <translation>Batch-API-Preise</translation>
    </message>
    <message>
        <source>yes, %1% off</source>
        <translation>ja, %1 % Rabatt</translation>
    </message>
    <message>
        <source>asked for; this API publishes none (standard prices)</source>
        <translation>gewünscht; diese API veröffentlicht keine (Standardpreise)</translation>
    </message>
    <message>
        <source>API price range</source>
        <translation>API-Preisspanne</translation>
    </message>
    <message>
        <source>%1 - %2 a month for this workload; break-even %3 - %4</source>
        <translation>%1 - %2 im Monat für diese Last; Break-even %3 - %4</translation>
    </message>
    <message>
        <source>Memory per GPU (most loaded GPU), per replica and for all %1 replicas (%2, TP %3, EP %4, PP %5 per replica)</source>
        <translation>Speicher pro GPU (am stärksten belastete GPU), pro Replikat und für alle %1 Replikate (%2, TP %3, EP %4, PP %5 pro Replikat)</translation>
    </message>
    <message>
        <source>Per replica (%1)</source>
        <translation>Pro Replikat (%1)</translation>
    </message>
    <message>
        <source>All %1 replicas (%2)</source>
        <translation>Alle %1 Replikate (%2)</translation>
    </message>
    <message>
        <source>5. Serving commands</source>
        <translation>5. Serving-Befehle</translation>
    </message>
    <message>
        <source>The launch commands for this plan, the same text as hostplan-cli serve-cmd and the Deploy tab; the table under each command says where each value comes from. Names such as ${HEAD_IP} are shell variables to set on each node.</source>
        <translation>Die Startbefehle für diesen Plan, derselbe Text wie hostplan-cli serve-cmd und der Reiter Bereitstellung; die Tabelle unter jedem Befehl zeigt, woher jeder Wert stammt. Namen wie ${HEAD_IP} sind Shell-Variablen, die auf jedem Knoten zu setzen sind.</translation>
    </message>
    <message>
        <source>First, on the nodes:</source>
        <translation>Zuerst auf den Knoten:</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>6. Probe results</source>
        <translation>6. Probe-Ergebnisse</translation>
    </message>
    <message>
        <source>7. Assumptions</source>
        <translation>7. Annahmen</translation>
    </message>
    <message>
        <source>8. How the figures are derived</source>
        <translation>8. Wie die Zahlen hergeleitet werden</translation>
    </message>
    <message>
        <source>%1: flags</source>
        <translation>%1: Flags</translation>
    </message>
    <message>
        <source>Flag</source>
        <translation>Flag</translation>
    </message>
    <message>
        <source>Why this value</source>
        <translation>Warum dieser Wert</translation>
    </message>
    <message>
        <source>(model)</source>
        <translation>(Modell)</translation>
    </message>
    <message>
        <source>How sure the decision is</source>
        <translation>Wie sicher die Entscheidung ist</translation>
    </message>
    <message>
        <source>%1x</source>
        <translation>%1x</translation>
    </message>
    <message>
        <source>Decision figures with their ranges</source>
        <translation>Entscheidungskennzahlen mit ihren Spannen</translation>
    </message>
    <message>
        <source>Low</source>
        <translation>Niedrig</translation>
    </message>
    <message>
        <source>Likely</source>
        <translation>Wahrscheinlich</translation>
    </message>
    <message>
        <source>High</source>
        <translation>Hoch</translation>
    </message>
    <message>
        <source>Output tokens a month at capacity</source>
        <translation>Ausgabe-Tokens im Monat bei voller Kapazität</translation>
    </message>
    <message>
        <source>Cost per 1M output tokens at capacity</source>
        <translation>Kosten pro 1 Mio. Ausgabe-Tokens bei voller Kapazität</translation>
    </message>
    <message>
        <source>Heavy users served</source>
        <translation>Bediente Vielnutzer</translation>
    </message>
    <message>
        <source>Break-even volume (output tokens a month)</source>
        <translation>Break-even-Volumen (Ausgabe-Tokens im Monat)</translation>
    </message>
    <message>
        <source>Heavy users needed</source>
        <translation>Benötigte Vielnutzer</translation>
    </message>
    <message>
        <source>API bill a month</source>
        <translation>API-Rechnung im Monat</translation>
    </message>
    <message>
        <source>Capacity, cost and users served span the throughput model&apos;s measured band; break-even and the API bill span the API price&apos;s published range. Low is the slow end for capacity and users, the cheap end for cost and the API bill, and the dear end of the price for break-even.</source>
        <translation>Kapazität, Kosten und bediente Nutzer umfassen die gemessene Spanne des Durchsatzmodells; Break-even und API-Rechnung umfassen die veröffentlichte Spanne des API-Preises. Niedrig ist das langsame Ende für Kapazität und Nutzer, das günstige Ende für Kosten und API-Rechnung und das teure Ende des Preises für den Break-even.</translation>
    </message>
    <message>
        <source>Inputs ranked by how much they move the decision (-20% / +20%)</source>
        <translation>Eingaben nach ihrem Einfluss auf die Entscheidung (-20 % / +20 %)</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>Cost per 1M at -20%</source>
        <translation>Kosten pro 1 Mio. bei -20 %</translation>
    </message>
    <message>
        <source>Cost per 1M at +20%</source>
        <translation>Kosten pro 1 Mio. bei +20 %</translation>
    </message>
    <message>
        <source>Capacity / break-even at -20%</source>
        <translation>Kapazität / Break-even bei -20 %</translation>
    </message>
    <message>
        <source>Capacity / break-even at +20%</source>
        <translation>Kapazität / Break-even bei +20 %</translation>
    </message>
    <message>
        <source>Swing</source>
        <translation>Ausschlag</translation>
    </message>
    <message>
        <source>Today: %1 per 1M output tokens at capacity, capacity %2 of the break-even volume. The swing is the larger relative change of either.</source>
        <translation>Heute: %1 pro 1 Mio. Ausgabe-Tokens bei voller Kapazität, Kapazität %2 des Break-even-Volumens. Der Ausschlag ist die größere relative Änderung der beiden.</translation>
    </message>
    <message>
        <source>Serves the break-even volume (%1 output tokens a month) even at the slow end of the throughput band (%2).</source>
        <translation>Bedient das Break-even-Volumen (%1 Ausgabe-Tokens im Monat) selbst am langsamen Ende der Durchsatzspanne (%2).</translation>
    </message>
    <message>
        <source>Falls short of the break-even volume (%1 output tokens a month) even at the fast end of the throughput band (%2).</source>
        <translation>Verfehlt das Break-even-Volumen (%1 Ausgabe-Tokens im Monat) selbst am schnellen Ende der Durchsatzspanne (%2).</translation>
    </message>
    <message>
        <source>Too close to call: the throughput band (%1 - %2 output tokens a month) straddles the break-even volume (%3). Deciding assumption: %4.</source>
        <translation>Zu knapp für eine Aussage: Die Durchsatzspanne (%1 - %2 Ausgabe-Tokens im Monat) umfasst das Break-even-Volumen (%3). Entscheidende Annahme: %4.</translation>
    </message>
    <message>
        <source>Over the API price&apos;s published range the break-even volume is %1 - %2: too close to call on price as well.</source>
        <translation>Über die veröffentlichte Spanne des API-Preises liegt das Break-even-Volumen bei %1 - %2: auch beim Preis zu knapp für eine Aussage.</translation>
    </message>
    <message>
        <source>Draft %1: weights %2 per GPU, KV %3 bytes per token (%4 for the pool), profiled forward %5.</source>
        <translation>Draft %1: Gewichte %2 pro GPU, KV %3 Bytes pro Token (%4 für den Pool), Forward-Pass beim Profiling %5.</translation>
    </message>
    <message>
        <source>low-concurrency</source>
        <translation>geringe Parallelität</translation>
    </message>
    <message>
        <source>decode-heavy</source>
        <translation>decode-lastig</translation>
    </message>
    <message>
        <source>prefill-heavy</source>
        <translation>prefill-lastig</translation>
    </message>
    <message>
        <source>utilisation %1 (HostPlan&apos;s assumption): at %2 the modelled capacity equals the break-even volume; the model&apos;s measured band in the %3 regime is %4-%5x of the modelled rate</source>
        <translation>Auslastung %1 (Annahme von HostPlan): bei %2 entspricht die modellierte Kapazität dem Break-even-Volumen; die gemessene Spanne des Modells im Bereich „%3“ liegt bei %4-%5x der modellierten Rate</translation>
    </message>
    <message>
        <source>Headroom after the draft&apos;s weights and KV pool, in the memory that --mem-fraction-static keeps outside the static pool: %1 per GPU.</source>
        <translation>Reserve nach den Gewichten und dem KV-Pool des Drafts, im Speicher, den --mem-fraction-static außerhalb des statischen Pools lässt: %1 pro GPU.</translation>
    </message>
    <message>
        <source>Recurrent state format</source>
        <translation>Format des rekurrenten Zustands</translation>
    </message>
    <message>
        <source>engine default: %1</source>
        <translation>Engine-Standard: %1</translation>
    </message>
    <message>
        <source>Recurrent state</source>
        <translation>Rekurrenter Zustand</translation>
    </message>
    <message>
        <source>%1 default (HostPlan core/engine/engine.cpp, from the engine&apos;s source)</source>
        <translation>Standard von %1 (HostPlan core/engine/engine.cpp, aus dem Quellcode der Engine)</translation>
    </message>
    <message>
        <source>%1 start-up rules (HostPlan core/engine)</source>
        <translation>Startregeln von %1 (HostPlan core/engine)</translation>
    </message>
    <message>
        <source>%1: the profiled peak of the forward over the prefill chunk, the sampler and the draft</source>
        <translation>%1: die beim Profiling gemessene Spitze des Forward-Durchlaufs über den Prefill-Abschnitt, des Samplers und des Drafts</translation>
    </message>
    <message>
        <source>%1: CUDA context, communication buffers, non-torch memory and CUDA graphs</source>
        <translation>%1: CUDA-Kontext, Kommunikationspuffer, Nicht-Torch-Speicher und CUDA-Graphen</translation>
    </message>
    <message>
        <source>The vision encoder&apos;s profile pass before the decoder&apos;s: peak %1 per GPU, then %2 of its outputs and %3 of its dummy inputs kept through the decoder&apos;s run.</source>
        <translation>Der Profiling-Durchlauf des Vision-Encoders vor dem des Decoders: Spitze %1 pro GPU, danach %2 seiner Ausgaben und %3 seiner Dummy-Eingaben, die während des Decoder-Durchlaufs erhalten bleiben.</translation>
    </message>
    <message>
        <source>%1 of %2 tokens (the engine refuses the flags)</source>
        <translation>%1 mit %2 Tokens (die Engine weist die Flags zurück)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Each alone makes %1 start with the whole context: %2.</source>
        <translation>Jedes allein lässt %1 mit dem ganzen Kontext starten: %2.</translation>
    </message>
    <message>
        <source>the checkpoint&apos;s config.json (its quantization, else its dtype)</source>
        <translation>die config.json des Checkpoints (seine Quantisierung, sonst sein dtype)</translation>
    </message>
    <message>
        <source>the engines&apos; --kv-cache-dtype auto: the model&apos;s 16-bit dtype</source>
        <translation>--kv-cache-dtype auto der Engines: der 16-Bit-dtype des Modells</translation>
    </message>
    <message>
        <source>HostPlan default: 365 x 24 / 12, the average month</source>
        <translation>HostPlan-Standard: 365 x 24 / 12, der durchschnittliche Monat</translation>
    </message>
    <message>
        <source>The pool also keeps each running sequence&apos;s recurrent state (%1 per sequence per GPU), so its tokens take only part of it.</source>
        <translation>Der Pool hält außerdem den rekurrenten Zustand jeder laufenden Sequenz (%1 pro Sequenz pro GPU), daher belegen seine Tokens nur einen Teil davon.</translation>
    </message>
    <message>
        <source>Price date: %1 is dated %2, %3 days after this report; check its date before deciding.</source>
        <translation>Preisdatum: %1 ist auf %2 datiert, %3 Tage nach diesem Bericht; prüfen Sie das Datum vor der Entscheidung.</translation>
    </message>
    <message>
        <source>Pilot range: from the practical count to one more node, at most twice the practical count, rounded to whole nodes: the GPU counts to ask a provider to quote for a pilot (cf. the starting ranges of &apos;Kimi K3 Self-Hosting Cost: GPU Count, the $2.4M Claim, and Rental Math&apos;).</source>
        <translation>Pilotbereich: von der praktischen Anzahl bis zu einem Knoten mehr, höchstens das Doppelte der praktischen Anzahl, auf ganze Knoten gerundet: die GPU-Anzahlen, für die man einen Anbieter um ein Angebot für einen Pilotbetrieb bittet (vgl. die Startbereiche von &apos;Kimi K3 Self-Hosting Cost: GPU Count, the $2.4M Claim, and Rental Math&apos;).</translation>
    </message>
    <message>
        <source>%1: for this volume the API costs %2 a month; renting %3 at %4 h/day costs %5 a month.</source>
        <translation>%1: für dieses Volumen kostet die API %2 im Monat; die Miete von %3 bei %4 h/Tag kostet %5 im Monat.</translation>
    </message>
    <message>
        <source>%1 terms per GPU: weight padding %2, replication %3, draft weights %4; CUDA context %5, communication %6, non-torch %7, CUDA graphs %8; activation peak %9 (MoE workspace %10, sampler %11); KV pool %12 at %13 bytes per token (draft layers %14), %15 tokens.</source>
        <translation>%1-Posten pro GPU: Gewichts-Padding %2, Replikation %3, Draft-Gewichte %4; CUDA-Kontext %5, Kommunikation %6, Nicht-Torch %7, CUDA-Graphen %8; Aktivierungsspitze %9 (MoE-Arbeitsbereich %10, Sampler %11); KV-Pool %12 bei %13 Bytes pro Token (Draft-Schichten %14), %15 Tokens.</translation>
    </message>
    <message>
        <source>%1 (row at your %2)</source>
        <translation>%1 (Zeile bei Ihren %2)</translation>
    </message>
    <message>
        <source>Memory floor: GPUs whose advertised memory holds the weights alone. Practical count: the smallest rentable count (1 GPU or whole nodes) whose layout holds the weights and the workload. Sequences at the target: how many of them the practical layout runs within the time per output token (0: too slow, e.g. pipeline stages over many nodes). Pilot range: what to ask a provider to quote for a pilot, from the practical count to one more node (at most twice the practical count). Monthly costs and sequences are at the practical count (on the scenario&apos;s row, at its own GPU count when it fixes one) and the rate of each type&apos;s chosen offer (or yours); %1 A * marks a rate no rental offer gives (the GPU type&apos;s assumed catalogue rate, or yours).</source>
        <translation>Speicheruntergrenze: GPUs, deren beworbener Speicher allein die Gewichte fasst. Praktische Anzahl: die kleinste mietbare Anzahl (1 GPU oder ganze Knoten), deren Aufteilung die Gewichte und die Last fasst. Sequenzen am Ziel: wie viele davon die praktische Aufteilung innerhalb der Zeit pro Ausgabe-Token ausführt (0: zu langsam, z. B. Pipeline-Stufen über viele Knoten). Pilotbereich: was man für einen Pilotbetrieb bei einem Anbieter anfragen sollte, von der praktischen Anzahl bis zu einem Knoten mehr (höchstens das Doppelte der praktischen Anzahl). Monatskosten und Sequenzen gelten bei der praktischen Anzahl (in der Zeile des Szenarios bei dessen eigener GPU-Anzahl, wenn es eine festlegt) und zum Preis des gewählten Angebots jedes Typs (oder Ihrem); %1 Ein * markiert einen Preis, den kein Mietangebot nennt (den angenommenen Katalogpreis des GPU-Typs oder Ihren).</translation>
    </message>
    <message>
        <source>%1 copies of %2 (one serves part of the workload)</source>
        <translation>%1 Kopien von %2 (eine bedient einen Teil der Last)</translation>
    </message>
    <message>
        <source>%1 (%2 tokens a month each, all billed at the API&apos;s output price)</source>
        <translation>%1 (je %2 Tokens im Monat, alle zum Ausgabepreis der API abgerechnet)</translation>
    </message>
    <message>
        <source>Speed per user</source>
        <translation>Geschwindigkeit pro Nutzer</translation>
    </message>
    <message>
        <source>%1 tokens/s at %2 running (%3, likely %4-%5x of it)</source>
        <translation>%1 Tokens/s bei %2 laufend (%3, wahrscheinlich das %4- bis %5-Fache davon)</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>Zeit bis zum ersten Token</translation>
    </message>
    <message>
        <source>Monthly rental at the search&apos;s offer (%1, %2 per GPU-hour)</source>
        <translation>Monatsmiete zum Angebot der Suche (%1, %2 pro GPU-Stunde)</translation>
    </message>
    <message>
        <source>starts, holding %1 of %2 sequences at once</source>
        <translation>startet und hält %1 von %2 Sequenzen gleichzeitig</translation>
    </message>
    <message>
        <source>Starts on %1, holding %2 of %3 sequences at once (the rest queue)</source>
        <translation>Startet auf %1 und hält %2 von %3 Sequenzen gleichzeitig (der Rest wartet)</translation>
    </message>
    <message>
        <source>Starts short: %1.</source>
        <translation>Startet, hält nicht alle Sequenzen: %1.</translation>
    </message>
    <message>
        <source>Engine starts and serves part of the workload</source>
        <translation>Engine startet und bedient einen Teil der Last</translation>
    </message>
    <message>
        <source>%1 s once a slot is free (median; the requests beyond the %2 held wait for one first)</source>
        <translation>%1 s, sobald ein Platz frei ist (Median; Anfragen über die %2 gehaltenen hinaus warten zuerst darauf)</translation>
    </message>
    <message>
        <source>n/a (no sequence meets the latency target)</source>
        <translation>n/a (keine Sequenz erreicht das Latenzziel)</translation>
    </message>
    <message>
        <source>%1 (row at your %2, holding %3 of %4)</source>
        <translation>%1 (Zeile bei Ihren %2, hält %3 von %4)</translation>
    </message>
    <message>
        <source>Copies of this deployment the workload takes</source>
        <translation>Kopien dieser Bereitstellung, die die Last braucht</translation>
    </message>
    <message>
        <source>%1 (%2 a month at %3 h/day)</source>
        <translation>%1 (%2 pro Monat bei %3 h/Tag)</translation>
    </message>
    <message>
        <source>%1 (%2 replicas of TP %3, EP %4, PP %5)</source>
        <translation>%1 (%2 Replikate mit TP %3, EP %4, PP %5)</translation>
    </message>
    <message>
        <source>No GPU price</source>
        <translation>Kein GPU-Preis</translation>
    </message>
    <message>
        <source>%1: no GPU-hour rate is known for %2; give one (its GPU file&apos;s usd_per_gpu_hour, a rate or an offer) to compare renting %3 with the API&apos;s %4 a month.</source>
        <translation>%1: Für %2 ist kein GPU-Stundenpreis bekannt; geben Sie einen an (usd_per_gpu_hour in der GPU-Datei, einen Preis oder ein Angebot), um die Miete von %3 mit den %4 pro Monat der API zu vergleichen.</translation>
    </message>
    <message>
        <source>DeepEP&apos;s all-to-all buffers (%1 per GPU) are allocated as the model loads, inside the KV budget.</source>
        <translation>DeepEPs All-to-All-Puffer (%1 je GPU) werden beim Laden des Modells angelegt, innerhalb des KV-Budgets.</translation>
    </message>
    <message>
        <source>%1 (%2 copies of this deployment, which the workload&apos;s concurrency takes)</source>
        <translation>%1 (%2 Kopien dieser Bereitstellung, die die Parallelität der Last braucht)</translation>
    </message>
    <message>
        <source>%1 (%2 tokens a month each, all billed at the API&apos;s output price; one copy of this deployment, not the %3 the workload&apos;s concurrency takes)</source>
        <translation>%1 (je %2 Tokens im Monat, alle zum Ausgabepreis der API abgerechnet; eine Kopie dieser Bereitstellung, nicht die %3, die die Parallelität der Last braucht)</translation>
    </message>
    <message>
        <source>no API price to compare with</source>
        <translation>kein API-Preis zum Vergleich</translation>
    </message>
    <message>
        <source>the plan does not fit, so it serves no tokens and never breaks even</source>
        <translation>der Plan passt nicht, bedient also keine Tokens und erreicht den Break-even nie</translation>
    </message>
    <message>
        <source>no GPU-hour rate, so the rental is unknown</source>
        <translation>kein GPU-Stundenpreis, die Miete ist also unbekannt</translation>
    </message>
    <message>
        <source>no modelled capacity (no sequence meets the latency target)</source>
        <translation>keine modellierte Kapazität (keine Sequenz erreicht das Latenzziel)</translation>
    </message>
    <message>
        <source>no volume breaks even (the API&apos;s output tokens cost nothing)</source>
        <translation>kein Volumen erreicht den Break-even (die Ausgabe-Tokens der API kosten nichts)</translation>
    </message>
    <message>
        <source>%1, %2 copies</source>
        <translation>%1, %2 Kopien</translation>
    </message>
    <message>
        <source>%1, one copy</source>
        <translation>%1, eine Kopie</translation>
    </message>
    <message>
        <source>This deployment holds %1 of the workload&apos;s %2 sequences at once: capacity and break-even volume count the %3 copies the workload&apos;s concurrency takes; heavy users count one copy, as each brings his own volume. Cost per 1M output tokens is the same on either basis.</source>
        <translation>Diese Bereitstellung hält %1 der %2 Sequenzen der Last gleichzeitig: Kapazität und Break-even-Volumen zählen die %3 Kopien, die die Parallelität der Last braucht; Vielnutzer zählen eine Kopie, da jeder sein eigenes Volumen mitbringt. Die Kosten pro 1 Mio. Ausgabe-Tokens sind auf beiden Grundlagen gleich.</translation>
    </message>
    <message>
        <source>No call on capacity against break-even: %1.</source>
        <translation>Keine Aussage zur Kapazität gegenüber dem Break-even: %1.</translation>
    </message>
    <message>
        <source>Both volumes count the %1 copies of this deployment the workload&apos;s concurrency takes.</source>
        <translation>Beide Volumen zählen die %1 Kopien dieser Bereitstellung, die die Parallelität der Last braucht.</translation>
    </message>
    <message>
        <source>GPUs per instance</source>
        <translation>GPUs pro Instanz</translation>
    </message>
    <message>
        <source>auto (practical count: %1, %2 replicas of %3)</source>
        <translation>automatisch (praktische Anzahl: %1, %2 Replikate zu je %3)</translation>
    </message>
    <message>
        <source>Engine padding (kernel layouts, vocabulary)</source>
        <translation>Padding der Engine (Kernel-Layouts, Vokabular)</translation>
    </message>
    <message>
        <source>Replicated by the engine (KV heads under TP)</source>
        <translation>Von der Engine repliziert (KV-Köpfe unter TP)</translation>
    </message>
    <message>
        <source>Draft model</source>
        <translation>Draft-Modell</translation>
    </message>
    <message>
        <source>Most loaded stage&apos;s share beyond the even one</source>
        <translation>Anteil der am stärksten belasteten Stufe über dem gleichmäßigen</translation>
    </message>
    <message>
        <source>KV cache (%1 x %2 tokens per replica)</source>
        <translation>KV-Cache (%1 x %2 Tokens je Replikat)</translation>
    </message>
    <message>
        <source>Rental cost of %1: unknown, no GPU-hour rate is known</source>
        <translation>Mietkosten für %1: unbekannt, kein GPU-Stundenpreis bekannt</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>%1 s (median, at the same load; %2 s mean when the running batch&apos;s prompts arrive together)</source>
        <translation>%1 s (Median, bei gleicher Last; %2 s im Mittel, wenn die Prompts des laufenden Batches gleichzeitig eintreffen)</translation>
    </message>
    <message>
        <source>unknown (no GPU-hour rate)</source>
        <translation>unbekannt (kein GPU-Stundenpreis)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ReportOptionsChart</name>
    <message>
        <source>Monthly rental at the practical GPU count, per GPU type</source>
        <translation>Monatsmiete bei der praktischen GPU-Anzahl, pro GPU-Typ</translation>
    </message>
    <message>
        <source>Always on</source>
        <translation>Dauerbetrieb</translation>
    </message>
    <message>
        <source>At %1 h/day</source>
        <translation>Bei %1 h/Tag</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>passt nicht</translation>
    </message>
    <message>
        <source>Thousand USD per month</source>
        <translation>Tausend USD pro Monat</translation>
    </message>
    <message>
        <source>API, same tokens (%1 per month)</source>
        <translation>API, dieselben Tokens (%1 pro Monat)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ScenarioDocument</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a valid scenario: %2</source>
        <translation>%1 ist kein gültiges Szenario: %2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::SensitivityView</name>
    <message>
        <source>&lt;b&gt;Sensitivity&lt;/b&gt;&lt;p&gt;How sure the recommendation is. The sentence says whether the plan serves its break-even volume at both ends of the throughput band and of the API price range, and when it is too close to call, which assumption decides it. The tornado charts move each input by -20% and +20% and show cost per 1M output tokens and capacity over the break-even volume, the input that moves them most on top. The table gives the decision figures as low, likely and high. The scatter shows every layout that carries the workload by its median time per output token and to first token: blue points are the front (no other layout is faster on both and cheaper), the square is your plan.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Sensitivität&lt;/b&gt;&lt;p&gt;Wie sicher die Empfehlung ist. Der Satz sagt, ob der Plan sein Break-even-Volumen an beiden Enden der Durchsatzspanne und der API-Preisspanne bedient und, wenn es zu knapp für eine Aussage ist, welche Annahme entscheidet. Die Tornado-Diagramme verschieben jede Eingabe um -20 % und +20 % und zeigen die Kosten pro 1 Mio. Ausgabe-Tokens und die Kapazität im Verhältnis zum Break-even-Volumen, die Eingabe mit dem größten Einfluss oben. Die Tabelle gibt die Entscheidungskennzahlen als niedrig, wahrscheinlich und hoch an. Das Streudiagramm zeigt jede Aufteilung, die die Last trägt, nach ihrer medianen Zeit pro Ausgabe-Token und bis zum ersten Token: Blaue Punkte bilden die Front (keine andere Aufteilung ist bei beiden schneller und zugleich günstiger), das Quadrat ist Ihr Plan.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No plan: %1</source>
        <translation>Kein Plan: %1</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Stages</name>
    <message>
        <source>stage %1, layers %2-%3: weights %4, KV pool %5, %6 tokens</source>
        <translation>Stufe %1, Schichten %2-%3: Gewichte %4, KV-Pool %5, %6 Tokens</translation>
    </message>
    <message>
        <source>Pipeline stages, each holding its own decoder layers; the engine keeps the smallest stage&apos;s KV tokens: %1.</source>
        <translation>Pipeline-Stufen, jede mit ihren eigenen Decoder-Schichten; die Engine behält die KV-Tokens der kleinsten Stufe: %1.</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::SummaryView</name>
    <message>
        <source>&lt;h3 style=&apos;color:%1&apos;&gt;%2&lt;/h3&gt;</source>
        <translation>&lt;h3 style=&apos;color:%1&apos;&gt;%2&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>Fits on %1 x %2</source>
        <translation>Passt auf %1 x %2</translation>
    </message>
    <message>
        <source>Does not fit on %1 x %2</source>
        <translation>Passt nicht auf %1 x %2</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Memory per GPU (most loaded GPU) and in total&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;Speicher pro GPU (am stärksten belastete GPU) und insgesamt&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>Pro GPU</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Aktivierungen</translation>
    </message>
    <message>
        <source>Runtime overhead</source>
        <translation>Laufzeit-Overhead</translation>
    </message>
    <message>
        <source>Total needed</source>
        <translation>Gesamtbedarf</translation>
    </message>
    <message>
        <source>Engine budget (fraction %1)</source>
        <translation>Engine-Budget (Anteil %1)</translation>
    </message>
    <message>
        <source>Usable GPU memory</source>
        <translation>Nutzbarer GPU-Speicher</translation>
    </message>
    <message>
        <source>Headroom after the workload</source>
        <translation>Reserve nach der Last</translation>
    </message>
    <message>
        <source>&lt;p&gt;In total across all GPUs: %1. KV cache: %2 bytes per token for the whole model, %3 per GPU.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Insgesamt über alle GPUs: %1. KV-Cache: %2 Bytes pro Token für das ganze Modell, %3 pro GPU.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Weights by tensor group (per GPU and whole model)&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;Gewichte nach Tensorgruppe (pro GPU und ganzes Modell)&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Whole model</source>
        <translation>Ganzes Modell</translation>
    </message>
    <message>
        <source> (replicated)</source>
        <translation> (repliziert)</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Cost&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;Kosten&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>GPU rate</source>
        <translation>GPU-Preis</translation>
    </message>
    <message>
        <source>Always on (24 h/day, %1 h month)</source>
        <translation>Dauerbetrieb (24 h/Tag, Monat mit %1 h)</translation>
    </message>
    <message>
        <source>%1 per month</source>
        <translation>%1 pro Monat</translation>
    </message>
    <message>
        <source>At %1 h/day</source>
        <translation>Bei %1 h/Tag</translation>
    </message>
    <message>
        <source>Self-hosted cost per 1M output tokens</source>
        <translation>Selbst gehostet, Kosten pro 1 Mio. Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>n/a (no output tokens)</source>
        <translation>k. A. (keine Ausgabe-Tokens)</translation>
    </message>
    <message>
        <source>Same tokens at API prices (%1)</source>
        <translation>Dieselben Tokens zu API-Preisen (%1)</translation>
    </message>
    <message>
        <source>API output price</source>
        <translation>API-Ausgabepreis</translation>
    </message>
    <message>
        <source>API comparison</source>
        <translation>API-Vergleich</translation>
    </message>
    <message>
        <source>no API price for this model: set one under Pricing</source>
        <translation>kein API-Preis für dieses Modell: unter Preise einen festlegen</translation>
    </message>
    <message>
        <source>&lt;p&gt;Your volume: %1 output tokens per month; self-hosting is &lt;b&gt;%2&lt;/b&gt; the API at this volume.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Ihr Volumen: %1 Ausgabe-Tokens pro Monat; Selbst-Hosting ist bei diesem Volumen &lt;b&gt;%2&lt;/b&gt; die API.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>cheaper than</source>
        <translation>günstiger als</translation>
    </message>
    <message>
        <source>more expensive than</source>
        <translation>teurer als</translation>
    </message>
    <message>
        <source>API prices: %1, as of %2. GPU rate: %3, as of %4.</source>
        <translation>API-Preise: %1, Stand %2. GPU-Preis: %3, Stand %4.</translation>
    </message>
    <message>
        <source>All %1</source>
        <translation>Alle %1</translation>
    </message>
    <message>
        <source>none up to %1</source>
        <translation>keine bis %1</translation>
    </message>
    <message>
        <source>%1 per GPU-hour x %2</source>
        <translation>%1 pro GPU-Stunde x %2</translation>
    </message>
    <message>
        <source>n/a (does not fit)</source>
        <translation>n. v. (passt nicht)</translation>
    </message>
    <message>
        <source>Per 1M output tokens at %1% utilisation (%2)</source>
        <translation>Pro 1 Mio. Ausgabe-Tokens bei %1 % Auslastung (%2)</translation>
    </message>
    <message>
        <source>%1 per 1M output tokens</source>
        <translation>%1 pro 1 Mio. Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;never&lt;/b&gt;: the plan does not fit, so it serves no tokens.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Break-even: &lt;b&gt;nie&lt;/b&gt;: der Plan passt nicht und liefert daher keine Tokens.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Self-hosting wins from &lt;b&gt;%1&lt;/b&gt; of %2 tokens a month each.</source>
        <translation>Selbst-Hosting lohnt sich ab: &lt;b&gt;%1&lt;/b&gt; (je %2 Tokens im Monat).</translation>
    </message>
    <message>
        <source>Self-hosting does not win at any number of heavy users of %1 tokens a month each.</source>
        <translation>Selbst-Hosting lohnt sich bei keiner Zahl von Vielnutzern mit je %1 Tokens im Monat.</translation>
    </message>
    <message>
        <source>&lt;p&gt;Recommendation: &lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Pilot range to quote: &lt;b&gt;%2&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;Empfehlung: &lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Angebotsspanne für einen Pilotbetrieb: &lt;b&gt;%2&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;never&lt;/b&gt;: the API stays cheaper at any volume this plan can serve. %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;Gewinnschwelle: &lt;b&gt;nie&lt;/b&gt;: die API bleibt bei jedem Volumen billiger, das dieser Plan bedienen kann. %1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3 style=&apos;color:%1&apos;&gt;No plan&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;</source>
        <translation>&lt;h3 style=&apos;color:%1&apos;&gt;Kein Plan&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Memory per GPU (most loaded GPU), per replica and in total for %1 replicas&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;Speicher pro GPU (am stärksten belastete GPU), pro Replikat und insgesamt für %1 Replikate&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>Per replica (%1)</source>
        <translation>Pro Replikat (%1)</translation>
    </message>
    <message>
        <source>All %1 replicas (%2)</source>
        <translation>Alle %1 Replikate (%2)</translation>
    </message>
    <message>
        <source>&lt;p&gt;Each of the %1 replicas holds its share of the sequences. In total across all GPUs: %2 (one replica: %3). KV cache: %4 bytes per token for the whole model, %5 per GPU.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Jedes der %1 Replikate hält seinen Anteil der Sequenzen. Insgesamt über alle GPUs: %2 (ein Replikat: %3). KV-Cache: %4 Bytes pro Token für das ganze Modell, %5 pro GPU.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Self-hosting does not win for heavy users of %1 tokens a month each on this plan: break-even needs %2 (%3 output tokens a month) and it serves %4, %5-%6 over the throughput band (more GPUs serve more).</source>
        <translation>Selbst betreiben lohnt sich auf diesem Plan nicht für Vielnutzer mit je %1 Tokens im Monat: die Gewinnschwelle braucht %2 (%3 Ausgabe-Tokens im Monat), er bedient %4, %5-%6 über die Durchsatzspanne (mehr GPUs bedienen mehr).</translation>
    </message>
    <message>
        <source>Recurrent state</source>
        <translation>Rekurrenter Zustand</translation>
    </message>
    <message>
        <source>&lt;p&gt;The engine&apos;s KV pool takes %1 bytes per token per GPU (every layer, in its own cache layout); its token capacity follows that figure.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Der KV-Pool der Engine belegt %1 Bytes pro Token und GPU (jede Schicht, in ihrem eigenen Cache-Layout); ihre Token-Kapazität folgt dieser Zahl.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Each of these flags alone makes %1 start with the whole context:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;Jedes dieser Flags allein lässt %1 mit dem ganzen Kontext starten:&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <source>The engine refuses these flags before loading, so it holds no sequence.</source>
        <translation>Die Engine weist diese Flags vor dem Laden zurück und hält daher keine Sequenz.</translation>
    </message>
    <message>
        <source>Up to &lt;b&gt;%1&lt;/b&gt; of %2 tokens at once.</source>
        <translation>Bis zu &lt;b&gt;%1&lt;/b&gt; mit %2 Tokens gleichzeitig.</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 Memory floor (weights only): &lt;b&gt;%2&lt;/b&gt;; practical count for this workload: &lt;b&gt;%3&lt;/b&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 Speicheruntergrenze (nur Gewichte): &lt;b&gt;%2&lt;/b&gt;; praktische Anzahl für diese Last: &lt;b&gt;%3&lt;/b&gt;.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Engine budget (KV: fraction %1 of the memory free after loading)</source>
        <translation>Engine-Budget (KV: Anteil %1 des nach dem Laden freien Speichers)</translation>
    </message>
    <message>
        <source>&lt;p&gt;This deployment serves part of that volume: %1 copies carry it, %2 a month at the chosen hours.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Diese Bereitstellung bedient einen Teil dieses Volumens: %1 Kopien tragen es, %2 pro Monat zu den gewählten Stunden.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>API bill per 1M output tokens, this mix</source>
        <translation>API-Rechnung pro 1 Mio. Ausgabe-Tokens, dieser Mix</translation>
    </message>
    <message>
        <source>Starts on %1 x %2, holding %3 of %4 sequences at once (the rest queue)</source>
        <translation>Startet auf %1 x %2 und hält %3 von %4 Sequenzen gleichzeitig (der Rest wartet)</translation>
    </message>
    <message>
        <source>&lt;p&gt;This deployment holds %1 of the workload&apos;s %2 sequences at once: %3 copies carry the workload, %4 a month at the chosen hours.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Diese Bereitstellung hält %1 der %2 Sequenzen der Last gleichzeitig: %3 Kopien tragen die Last, %4 pro Monat zu den gewählten Stunden.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;unknown&lt;/b&gt;: HostPlan knows no GPU-hour rate for %1; enter one (Pricing) to compare renting with the API.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Break-even: &lt;b&gt;unbekannt&lt;/b&gt;: HostPlan kennt keinen GPU-Stundenpreis für %1; geben Sie einen ein (Preise), um Miete und API zu vergleichen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>unknown (no GPU-hour rate)</source>
        <translation>unbekannt (kein GPU-Stundenpreis)</translation>
    </message>
    <message>
        <source>Self-hosting does not win for heavy users of %1 tokens a month each at the modelled capacity of this plan: break-even needs %2 (%3 output tokens a month) and it serves %4, %5-%6 over the throughput band: within reach only towards the band&apos;s fast end.</source>
        <translation>Selbst betreiben lohnt sich bei der modellierten Kapazität dieses Plans nicht für Vielnutzer mit je %1 Tokens im Monat: die Gewinnschwelle braucht %2 (%3 Ausgabe-Tokens im Monat), er bedient %4, %5-%6 über die Durchsatzspanne: erreichbar nur zum schnellen Ende der Spanne hin.</translation>
    </message>
    <message>
        <source>Heavy users are counted on one copy of this deployment (%1 a month), not the %2 the workload&apos;s concurrency takes.</source>
        <translation>Vielnutzer werden auf einer Kopie dieser Bereitstellung gezählt (%1 pro Monat), nicht auf den %2, die die Parallelität der Last braucht.</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;never&lt;/b&gt;: the API stays cheaper at any volume the %1 copies of this deployment the workload&apos;s concurrency takes can serve. %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;Gewinnschwelle: &lt;b&gt;nie&lt;/b&gt;: die API bleibt bei jedem Volumen billiger, das die %1 Kopien dieser Bereitstellung, die die Parallelität der Last braucht, bedienen können. %2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The break-even volume counts the rental and capacity of the %1 copies of this deployment the workload&apos;s concurrency takes.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Das Break-even-Volumen zählt Miete und Kapazität der %1 Kopien dieser Bereitstellung, die die Parallelität der Last braucht.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;%1&lt;/b&gt;. %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;Break-even: &lt;b&gt;%1&lt;/b&gt;. %2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>unknown x %1</source>
        <translation>unbekannt x %1</translation>
    </message>
    <message>
        <source>Were every token billed at the output rate, break-even would be %1 output tokens a month.</source>
        <translation>Würde jedes Token zum Ausgabepreis abgerechnet, läge der Break-even bei %1 Ausgabe-Tokens im Monat.</translation>
    </message>
    <message>
        <source>Were every token billed at the output rate, the API would stay cheaper at every volume up to the %1 output tokens a month this plan serves.</source>
        <translation>Würde jedes Token zum Ausgabepreis abgerechnet, bliebe die API bei jedem Volumen bis zu den %1 Ausgabe-Tokens im Monat, die dieser Plan liefert, günstiger.</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;%1 output tokens per month&lt;/b&gt; with this token mix (%2 tokens/s sustained). %3 %4&lt;/p&gt;</source>
        <translation>&lt;p&gt;Break-even: &lt;b&gt;%1 Ausgabe-Tokens pro Monat&lt;/b&gt; bei diesem Token-Mix (%2 Tokens/s dauerhaft). %3 %4&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ThroughputView</name>
    <message>
        <source>calibrated by a probe report</source>
        <translation>durch einen Probe-Bericht kalibriert</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>gemessen</translation>
    </message>
    <message>
        <source>
Slower than the %1 ms target per output token</source>
        <translation>
Langsamer als das Ziel von %1 ms pro Ausgabe-Token</translation>
    </message>
    <message>
        <source>Throughput: no plan (%1)</source>
        <translation>Durchsatz: kein Plan (%1)</translation>
    </message>
    <message>
        <source>Throughput: not computed for this plan</source>
        <translation>Durchsatz: für diesen Plan nicht berechnet</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>Tokens/s per user</source>
        <translation>Tokens/s pro Nutzer</translation>
    </message>
    <message>
        <source>Tokens/s per node</source>
        <translation>Tokens/s pro Knoten</translation>
    </message>
    <message>
        <source>Batch (sequences in flight)</source>
        <translation>Batch (laufende Sequenzen)</translation>
    </message>
    <message>
        <source>Tokens/s against batch, %1-token context (%2)</source>
        <translation>Tokens/s nach Batch, %1 Tokens Kontext (%2)</translation>
    </message>
    <message>
        <source>Memory limit (%1)</source>
        <translation>Speichergrenze (%1)</translation>
    </message>
    <message>
        <source>%1 ms target (%2)</source>
        <translation>Ziel %1 ms (%2)</translation>
    </message>
    <message>
        <source>Batch %1 at %2 tokens of context
%3 tokens/s per user (%4 ms per output token)
%5 tokens/s per node, %6 tokens/s for the plan (%7)
Confidence: %8</source>
        <translation>Batch %1 bei %2 Tokens Kontext
%3 Tokens/s pro Nutzer (%4 ms pro Ausgabe-Token)
%5 Tokens/s pro Knoten, %6 Tokens/s für den Plan (%7)
Konfidenz: %8</translation>
    </message>
    <message>
        <source>Capacity %1: %2 tokens/s per node, %3 per 1M output tokens</source>
        <translation>Kapazität %1: %2 Tokens/s pro Knoten, %3 pro 1 Mio. Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>modelled (fitted to published serving measurements; see the band)</source>
        <translation>modelliert (an veröffentlichte Serving-Messungen angepasst; siehe die Spanne)</translation>
    </message>
    <message>
        <source>Batch per replica (sequences in flight; %1 replicas)</source>
        <translation>Batch pro Replikat (laufende Sequenzen; %1 Replikate)</translation>
    </message>
    <message>
        <source>Memory limit per replica (%1)</source>
        <translation>Speichergrenze pro Replikat (%1)</translation>
    </message>
    <message>
        <source>
Above the memory limit: the KV room holds %1, so that many run at once and the rest wait; the rates are those of the running ones (dashed)</source>
        <translation>
Über der Speichergrenze: der KV-Platz fasst %1, so viele laufen gleichzeitig und der Rest wartet; die Raten sind die der laufenden (gestrichelt)</translation>
    </message>
    <message>
        <source>Your workload per replica (%1)</source>
        <translation>Ihre Last pro Replikat (%1)</translation>
    </message>
    <message>
        <source>Your workload (%1)</source>
        <translation>Ihre Last (%1)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::TornadoChart</name>
    <message>
        <source>Utilisation</source>
        <translation>Auslastung</translation>
    </message>
    <message>
        <source>GPU-hour rate</source>
        <translation>GPU-Stundenpreis</translation>
    </message>
    <message>
        <source>API prices</source>
        <translation>API-Preise</translation>
    </message>
    <message>
        <source>TPOT target</source>
        <translation>TPOT-Ziel</translation>
    </message>
    <message>
        <source>Weight streaming</source>
        <translation>Gewichts-Streaming</translation>
    </message>
    <message>
        <source>Compute speed</source>
        <translation>Rechenleistung</translation>
    </message>
    <message>
        <source>CPU per sequence</source>
        <translation>CPU pro Sequenz</translation>
    </message>
    <message>
        <source>MoE layer cost</source>
        <translation>MoE-Schichtkosten</translation>
    </message>
    <message>
        <source>Sensitivity: no plan (%1)</source>
        <translation>Sensitivität: kein Plan (%1)</translation>
    </message>
    <message>
        <source>%1x</source>
        <translation>%1x</translation>
    </message>
    <message>
        <source>Cost per 1M output tokens</source>
        <translation>Kosten pro 1 Mio. Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>Capacity / break-even</source>
        <translation>Kapazität / Break-even</translation>
    </message>
    <message>
        <source>Cheaper</source>
        <translation>Günstiger</translation>
    </message>
    <message>
        <source>Less margin</source>
        <translation>Weniger Spielraum</translation>
    </message>
    <message>
        <source>Dearer</source>
        <translation>Teurer</translation>
    </message>
    <message>
        <source>More margin</source>
        <translation>Mehr Spielraum</translation>
    </message>
    <message>
        <source>%1
At -20%: %2
At +20%: %3
Today: %4
Swing (ranking): %5%</source>
        <translation>%1
Bei -20 %: %2
Bei +20 %: %3
Heute: %4
Ausschlag (Rangfolge): %5 %</translation>
    </message>
    <message>
        <source>Today %1</source>
        <translation>Heute %1</translation>
    </message>
    <message>
        <source>no GPU-hour rate is known</source>
        <translation>kein GPU-Stundenpreis bekannt</translation>
    </message>
    <message>
        <source>the GPUs are free (a rate of $0)</source>
        <translation>die GPUs kosten nichts (ein Preis von $0)</translation>
    </message>
    <message>
        <source>no capacity to rank inputs by</source>
        <translation>keine Kapazität, nach der sich Eingaben einstufen ließen</translation>
    </message>
    <message>
        <source>no API price or no capacity</source>
        <translation>kein API-Preis oder keine Kapazität</translation>
    </message>
    <message>
        <source>Cost per 1M output tokens: %1</source>
        <translation>Kosten pro 1 Mio. Ausgabe-Tokens: %1</translation>
    </message>
    <message>
        <source>Capacity over break-even: %1</source>
        <translation>Kapazität im Verhältnis zum Break-even: %1</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Verdict</name>
    <message>
        <source>no API price</source>
        <translation>kein API-Preis</translation>
    </message>
    <message>
        <source>never: the plan does not fit, so it serves no one</source>
        <translation>nie: der Plan passt nicht und bedient niemanden</translation>
    </message>
    <message>
        <source>from the first heavy user (the rental costs nothing)</source>
        <translation>ab dem ersten Vielnutzer (die Miete kostet nichts)</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>never: the plan does not fit, so it serves no tokens</source>
        <translation>nie: der Plan passt nicht und liefert keine Tokens</translation>
    </message>
    <message>
        <source>never: the API stays cheaper at any volume this plan can serve</source>
        <translation>nie: die API bleibt bei jedem Volumen günstiger, das dieser Plan liefern kann</translation>
    </message>
    <message>
        <source>%1 tokens a month (%2 tokens/s)</source>
        <translation>%1 Tokens im Monat (%2 Tokens/s)</translation>
    </message>
    <message>
        <source>never on this plan: break-even needs %1, it serves %2 (%3-%4 over the throughput band)</source>
        <translation>nie mit diesem Plan: die Gewinnschwelle braucht %1, er bedient %2 (%3-%4 über die Durchsatzspanne)</translation>
    </message>
    <message>
        <source>unknown: no GPU-hour rate</source>
        <translation>unbekannt: kein GPU-Stundenpreis</translation>
    </message>
    <message>
        <source>not at the modelled capacity of this plan: break-even needs %1, it serves %2 (%3-%4 over the throughput band): within reach only towards the band&apos;s fast end</source>
        <translation>nicht bei der modellierten Kapazität dieses Plans: die Gewinnschwelle braucht %1, er bedient %2 (%3-%4 über die Durchsatzspanne): erreichbar nur zum schnellen Ende der Spanne hin</translation>
    </message>
    <message>
        <source>%1 tokens a month: above the modelled capacity (%2) but within its band (up to %3): too close to call</source>
        <translation>%1 Tokens pro Monat: über der modellierten Kapazität (%2), aber innerhalb ihrer Bandbreite (bis %3): zu knapp für eine Aussage</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::WorkloadPanel</name>
    <message>
        <source>Context length on a log scale: each tick is 4x (1K, 4K, 16K, 64K, 256K, 1M, 4M, 16M tokens)</source>
        <translation>Kontextlänge auf logarithmischer Skala: jeder Strich ist 4x (1K, 4K, 16K, 64K, 256K, 1M, 4M, 16M Tokens)</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> Tokens</translation>
    </message>
    <message>
        <source>Tokens per sequence (prompt + output) the plan must hold</source>
        <translation>Tokens pro Sequenz (Prompt + Ausgabe), die der Plan halten muss</translation>
    </message>
    <message>
        <source>Conte&amp;xt</source>
        <translation>Konte&amp;xt</translation>
    </message>
    <message>
        <source> sequences</source>
        <translation> Sequenzen</translation>
    </message>
    <message>
        <source>Sequences in flight at once, each at the full context</source>
        <translation>Gleichzeitig laufende Sequenzen, jede mit vollem Kontext</translation>
    </message>
    <message>
        <source>C&amp;oncurrency</source>
        <translation>Paralle&amp;lität</translation>
    </message>
    <message>
        <source> M tokens</source>
        <translation> Mio. Tokens</translation>
    </message>
    <message>
        <source>&lt;b&gt;Tokens per month&lt;/b&gt; (millions)</source>
        <translation>&lt;b&gt;Tokens pro Monat&lt;/b&gt; (Millionen)</translation>
    </message>
    <message>
        <source>Uncached prompt tokens per month</source>
        <translation>Ungecachte Prompt-Tokens pro Monat</translation>
    </message>
    <message>
        <source>&amp;Input</source>
        <translation>&amp;Eingabe</translation>
    </message>
    <message>
        <source>Prompt tokens per month that an API serves from its prompt cache (billed at the cached-input price)</source>
        <translation>Prompt-Tokens pro Monat, die eine API aus ihrem Prompt-Cache bedient (zum Preis für gecachte Eingabe abgerechnet)</translation>
    </message>
    <message>
        <source>Cached input</source>
        <translation>Gecachte Eingabe</translation>
    </message>
    <message>
        <source>Generated tokens per month</source>
        <translation>Erzeugte Tokens pro Monat</translation>
    </message>
    <message>
        <source>O&amp;utput</source>
        <translation>A&amp;usgabe</translation>
    </message>
    <message>
        <source> h/day</source>
        <translation> h/Tag</translation>
    </message>
    <message>
        <source>Hours a day the GPUs are rented (24 = always on)</source>
        <translation>Stunden am Tag, die die GPUs gemietet sind (24 = Dauerbetrieb)</translation>
    </message>
    <message>
        <source>Tokens one heavy user generates per month (for break-even users)</source>
        <translation>Tokens, die ein Vielnutzer pro Monat erzeugt (für Break-even-Nutzer)</translation>
    </message>
    <message>
        <source>Heavy user</source>
        <translation>Vielnutzer</translation>
    </message>
    <message>
        <source>Change concurrency to %1</source>
        <translation>Parallelität auf %1 ändern</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>%1 auf %2 ändern</translation>
    </message>
    <message>
        <source>monthly input tokens</source>
        <translation>monatliche Eingabe-Tokens</translation>
    </message>
    <message>
        <source>monthly cached input tokens</source>
        <translation>monatliche gecachte Eingabe-Tokens</translation>
    </message>
    <message>
        <source>monthly output tokens</source>
        <translation>monatliche Ausgabe-Tokens</translation>
    </message>
    <message>
        <source>hours per day</source>
        <translation>Stunden pro Tag</translation>
    </message>
    <message>
        <source>heavy user tokens</source>
        <translation>Vielnutzer-Tokens</translation>
    </message>
    <message>
        <source>Change context to %1 tokens</source>
        <translation>Kontext auf %1 Tokens ändern</translation>
    </message>
    <message>
        <source> sequence</source>
        <translation> Sequenz</translation>
    </message>
    <message>
        <source>32,768 tokens, from the default scenario (resources/default-scenario.json); the model&apos;s max_position_embeddings (config.json) is the most a plan accepts.</source>
        <translation>32.768 Tokens, aus dem Standardszenario (resources/default-scenario.json); max_position_embeddings des Modells (config.json) ist das Maximum, das ein Plan annimmt.</translation>
    </message>
    <message>
        <source>Context length per sequence on a log scale: each tick is 4x; dragging previews, releasing records one edit.</source>
        <translation>Kontextlänge pro Sequenz auf logarithmischer Skala: jeder Strich ist 4x; Ziehen zeigt eine Vorschau, Loslassen speichert eine Änderung.</translation>
    </message>
    <message>
        <source>tokens per sequence (prompt + output)</source>
        <translation>Tokens pro Sequenz (Prompt + Ausgabe)</translation>
    </message>
    <message>
        <source>Context length per sequence: the prompt and the output that one request holds in the KV cache at once.</source>
        <translation>Kontextlänge pro Sequenz: Prompt und Ausgabe, die eine Anfrage gleichzeitig im KV-Cache hält.</translation>
    </message>
    <message>
        <source>Sequences in flight at once, each at the full context: the KV cache the plan must hold and the batch that sets the speed.</source>
        <translation>Gleichzeitig laufende Sequenzen, jede mit vollem Kontext: der KV-Cache, den der Plan halten muss, und der Batch, der die Geschwindigkeit bestimmt.</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>Sequenzen</translation>
    </message>
    <message>
        <source>16, from the default scenario.</source>
        <translation>16, aus dem Standardszenario.</translation>
    </message>
    <message>
        <source>millions of tokens per month</source>
        <translation>Millionen Tokens pro Monat</translation>
    </message>
    <message>
        <source>Prompt tokens per month that an API would bill at its input price (not cached).</source>
        <translation>Prompt-Tokens pro Monat, die eine API zu ihrem Eingabepreis abrechnen würde (nicht gecacht).</translation>
    </message>
    <message>
        <source>2,000 M (2 billion), from the default scenario.</source>
        <translation>2.000 Mio. (2 Mrd.), aus dem Standardszenario.</translation>
    </message>
    <message>
        <source>Prompt tokens per month that an API serves from its prompt cache, billed at its cached-input price.</source>
        <translation>Prompt-Tokens pro Monat, die eine API aus ihrem Prompt-Cache bedient, zu ihrem Preis für gecachte Eingabe abgerechnet.</translation>
    </message>
    <message>
        <source>1,000 M, from the default scenario.</source>
        <translation>1.000 Mio., aus dem Standardszenario.</translation>
    </message>
    <message>
        <source>Generated tokens per month: the volume the GPUs must serve in time and the x axis of the break-even chart.</source>
        <translation>Erzeugte Tokens pro Monat: das Volumen, das die GPUs rechtzeitig liefern müssen, und die x-Achse des Break-even-Diagramms.</translation>
    </message>
    <message>
        <source>500 M, from the default scenario.</source>
        <translation>500 Mio., aus dem Standardszenario.</translation>
    </message>
    <message>
        <source>Hours a day the GPUs are rented; fewer than 24 scales the rental (scheduled instances).</source>
        <translation>Stunden am Tag, die die GPUs gemietet sind; weniger als 24 skaliert die Miete (Instanzen nach Zeitplan).</translation>
    </message>
    <message>
        <source>24 (always on), from the default scenario.</source>
        <translation>24 (Dauerbetrieb), aus dem Standardszenario.</translation>
    </message>
    <message>
        <source>Tokens one heavy user generates per month: the break-even volume divided by this is the break-even number of users.</source>
        <translation>Tokens, die ein Vielnutzer pro Monat erzeugt: das Break-even-Volumen geteilt durch diesen Wert ergibt die Break-even-Zahl der Nutzer.</translation>
    </message>
    <message>
        <source>millions of tokens per month per user</source>
        <translation>Millionen Tokens pro Monat pro Nutzer</translation>
    </message>
    <message>
        <source>50 M, from the default scenario (a stated assumption).</source>
        <translation>50 Mio., aus dem Standardszenario (eine genannte Annahme).</translation>
    </message>
    <message>
        <source>Hours per day</source>
        <translation>Stunden pro Tag</translation>
    </message>
</context>
</TS>
